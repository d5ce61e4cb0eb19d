// The browser's entry (package.json "browser" condition, which webpack resolves): everything in index.ts except the
// event schemas, whose TypeBox runtime the browser never uses (no TypeBox in production bundles). The
// bundle budget test (shell/test/bundle-budget.test.ts) fails when index.ts gains a module this file does not re-export.
// Not the phone rule either: libphonenumber's metadata (~25 KB compressed) would load on every page with this shared
// entry; the one browser screen that parses a phone imports '@portal/contracts/phone'.
export * from './roles.js';
export * from './verification.js';
export * from './orders.js';
export * from './billing.js';
export * from './constants.js';
export * from './messages.js';
export * from './config.js';
export * from './input.js';
export * from './limits.js';
export * from './licences.js';
export * from './fleet.js';
export * from './fleet-rules.js';
export * from './routing.js';
export * from './order-types.js';
export * from './order-schemas.js';
export * from './order-messages.js';
export * from './order-rules.js';
export * from './order-destination.js';
export * from './order-status.js';
export * from './order-lists.js';
export * from './custody-signing.js';
export * from './custody-scan.js';
export * from './custody-labels.js';
export * from './custody-metrc.js';
export * from './custody-manifests.js';
export * from './custody.js';

// Federated expose './SignManifests' (webpack.config.cjs): the manifest signature pad for other MFEs, e.g. a route's
// worth of orders from mfe-schedule's daily schedule. They load it at run time (import('mfe_orders/SignManifests')),
// so a change here ships with mfe-orders alone; its types reach them through package.json "exports" (types only).
export { SignManifests, type SignKind, type SignManifestsProps } from '../signing/SignManifests.js';
export type { SignOutcome } from '../signing/useSignRun.js';

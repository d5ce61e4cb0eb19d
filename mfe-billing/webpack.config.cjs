/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads CommonJS configs */
// Module Federation remote mfe_billing: /mfe/billing/remoteEntry.js exposing ./app (the factory is shared by all MFEs).
const { mfeConfig } = require('@portal/ui/webpack/mfe.cjs');

module.exports = mfeConfig({ name: 'billing', dir: __dirname });

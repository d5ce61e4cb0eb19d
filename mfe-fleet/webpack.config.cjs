/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads CommonJS configs */
// Module Federation remote mfe_fleet: /mfe/fleet/remoteEntry.js exposing ./app (the factory is shared by all MFEs).
const { mfeConfig } = require('@portal/ui/webpack/mfe.cjs');

module.exports = mfeConfig({ name: 'fleet', dir: __dirname });

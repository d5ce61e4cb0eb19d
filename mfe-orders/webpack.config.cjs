/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads CommonJS configs */
// Module Federation remote mfe_orders: /mfe/orders/remoteEntry.js exposing ./app (the factory is shared by all MFEs
// and adds manifest.json from src/manifest.ts), plus ./SignManifests, the manifest signature pad other MFEs open
// (mfe-schedule's daily schedule signs a route's manifests with it). Its props type is exported by package.json's
// "./SignManifests" (types only: at run time it always comes through federation).
const { mfeConfig } = require('@portal/ui/webpack/mfe.cjs');

module.exports = mfeConfig({
  name: 'orders',
  dir: __dirname,
  exposes: { './SignManifests': './src/exposes/SignManifests.tsx' },
});

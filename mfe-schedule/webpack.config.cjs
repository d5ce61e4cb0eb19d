/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads CommonJS configs */
// Module Federation remote mfe_schedule: /mfe/schedule/remoteEntry.js exposing ./app (the factory is shared by all
// MFEs and adds manifest.json from src/manifest.ts), plus ./WeeklySchedule, the weekly driver schedule grid other
// MFEs show (mfe-fleet's manageDriver "Schedule" tab). Its props type is exported by package.json's
// "./WeeklySchedule" (types only: at run time it always comes through federation). It also CONSUMES a remote:
// mfe_orders/SignManifests (a driver signs a route's manifests from the daily schedule; types in src/remotes.d.ts),
// found at run time from /remotes.json by the shell's loader, so a change in mfe-orders never rebuilds this bundle.
const { mfeConfig } = require('@portal/ui/webpack/mfe.cjs');

module.exports = mfeConfig({
  name: 'schedule',
  dir: __dirname,
  exposes: { './WeeklySchedule': './src/exposes/WeeklySchedule.tsx' },
  remotes: ['orders'],
});

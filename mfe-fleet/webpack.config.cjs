/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads CommonJS configs */
// Module Federation remote mfe_fleet: /mfe/fleet/remoteEntry.js exposing ./app (the factory is shared by all MFEs and
// adds manifest.json from src/manifest.ts). It also CONSUMES a remote: mfe_schedule/WeeklySchedule (manageDriver's
// Schedule tab; types in src/remotes.d.ts), found at run time from /remotes.json by the shell's loader.
const { mfeConfig } = require('@portal/ui/webpack/mfe.cjs');

module.exports = mfeConfig({ name: 'fleet', dir: __dirname, remotes: ['schedule'] });

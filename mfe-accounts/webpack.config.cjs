/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads CommonJS configs */
// Module Federation remote mfe_accounts: /mfe/accounts/remoteEntry.js exposing ./app (the factory is shared by all
// MFEs and adds manifest.json from src/manifest.ts), plus what other parts of the portal use from accounts:
// ./InvitesModal, an overlay the shell renders while someone is signed in (manifest `overlays`), and
// ./LicencePicker, the design system's picker bound to the accounts licence search, for other MFEs' forms.
const { mfeConfig } = require('@portal/ui/webpack/mfe.cjs');

module.exports = mfeConfig({
  name: 'accounts',
  dir: __dirname,
  exposes: {
    './InvitesModal': './src/overlays/InvitesModal.tsx',
    './LicencePicker': './src/exposes/LicencePicker.tsx',
  },
});

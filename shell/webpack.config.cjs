/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads CommonJS configs */
// The shell: Module Federation HOST with no build-time remotes. Remotes come from /remotes.json at runtime
// (src/remotes.ts), so deploying an MFE needs no shell rebuild. Shared singletons as in @portal/ui's factory.
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const { ModuleFederationPlugin } = require('webpack').container;
const { baseConfig, sharedFor, compression } = require('@portal/ui/webpack/mfe.cjs');

const config = baseConfig({ dir: __dirname, publicPath: '/', uniqueName: 'portal_shell' });
config.entry = { main: './src/index.ts' };
config.plugins = [
  new ModuleFederationPlugin({ name: 'portal_shell', shared: sharedFor(__dirname) }),
  new HtmlWebpackPlugin({ template: './public/index.html', favicon: './public/favicon.svg' }),
  new CopyWebpackPlugin({
    patterns: [
      { from: 'public/remotes.json', to: 'remotes.json' },
      // keycloak-js's silent check-SSO page and its script (src/session.ts), at fixed paths: a redirect URI
      { from: 'public/silent-check-sso.html', to: 'silent-check-sso.html' },
      { from: 'public/silent-check-sso.js', to: 'silent-check-sso.js' },
    ],
  }),
  ...compression(),
];

module.exports = config;

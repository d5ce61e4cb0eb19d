/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads CommonJS configs */
// Module Federation remote mfe_fleet: /mfe/fleet/remoteEntry.js exposing ./app (the factory is shared by all MFEs and
// adds manifest.json from src/manifest.ts). It also CONSUMES a remote: mfe_schedule/WeeklySchedule (manageDriver's
// Schedule tab; types in src/remotes.d.ts).
const { container } = require('webpack');
const { mfeConfig } = require('@portal/ui/webpack/mfe.cjs');

/**
 * A remote found at run time, like the shell finds every MFE: its remoteEntry URL is read from /remotes.json (never
 * baked into this build), so schedule deploys on its own. If the shell already loaded the remote, its container is
 * reused; init with the page's one share scope is harmless when the shell did it first. A failure rejects the
 * import, which the consuming page turns into its fallback.
 */
const runtimeRemote = (name) => `promise (async () => {
  const scope = 'mfe_${name}';
  if (!window[scope]) {
    const res = await fetch('/remotes.json', { cache: 'no-cache' });
    const url = res.ok ? (await res.json())[${JSON.stringify(name)}] : undefined;
    if (!url) throw new Error('remotes.json names no ${name} remote');
    await new Promise((resolve, reject) => {
      const s = document.createElement('script');
      s.src = url;
      s.async = true;
      s.onload = () => resolve();
      s.onerror = () => { s.remove(); reject(new Error('Could not load ' + url)); };
      document.head.appendChild(s);
    });
  }
  const c = window[scope];
  if (!c) throw new Error('the ${name} remote defined no container');
  return {
    get: (request) => c.get(request),
    init: (shareScope) => { try { return c.init(shareScope); } catch (e) { /* already initialised */ } },
  };
})()`;

const config = mfeConfig({ name: 'fleet', dir: __dirname });
// The shared factory takes no `remotes` yet (asked of its owner): set them on the federation plugin it made.
const federation = config.plugins.find((p) => p instanceof container.ModuleFederationPlugin);
if (!federation) throw new Error('mfeConfig made no ModuleFederationPlugin');
federation.options.remotes = { mfe_schedule: runtimeRemote('schedule') };

module.exports = config;

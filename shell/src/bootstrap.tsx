import '@portal/ui/styles.css';
import './frame/shell.css';
import { createRoot } from 'react-dom/client';
import { navigateToUrl, registerApplication, start, triggerAppChange } from 'single-spa';
import type { PortalProps } from '@portal/ui';
import { applyTokenRule, createApi } from './api.js';
import { loadConfig } from './config.js';
import { loadManifest, loadMfe } from './remotes.js';
import { MFE_NAMES, PUBLIC_ROUTES, resolveRoute, type MfeName } from './routes.js';
import { ShellSession } from './session.js';
import { Frame } from './frame/Frame.js';

async function main(): Promise<void> {
  const session = new ShellSession(createApi({ getToken: async () => null }), applyTokenRule);
  const api = createApi({ getToken: () => session.getToken() });
  const [config, manifest] = await Promise.all([
    loadConfig(api),
    loadManifest().catch((e: unknown) => {
      console.error('remote manifest unavailable', e);
      return {} as Record<string, string>;
    }),
    session.restore(),
  ]);
  const props: PortalProps = { api, session, config, navigate: (path) => navigateToUrl(path) };

  /** Applies the route guard's redirects (/, /order/{id}, signed-out dashboard routes); true when it redirected. */
  const guard = (): boolean => {
    const r = resolveRoute(window.location.pathname, window.location.search, session.user);
    if (!('redirect' in r)) return false;
    window.history.replaceState(null, '', r.redirect);
    return true;
  };

  const registered = MFE_NAMES.filter((name) => manifest[name]);
  for (const name of registered) {
    registerApplication({
      name,
      app: () => loadMfe(name, manifest[name]!),
      activeWhen: (loc) => {
        const r = resolveRoute(loc.pathname, loc.search, session.user);
        return 'owner' in r && r.owner === name;
      },
      customProps: props,
    });
  }

  session.subscribe((user) => {
    // Signing out anywhere private lands on the login screen; otherwise re-evaluate who is mounted.
    if (!user && !(window.location.pathname in PUBLIC_ROUTES))
      window.history.replaceState(null, '', '/login');
    else if (!guard()) void triggerAppChange();
  });
  window.addEventListener('single-spa:routing-event', () => void guard());

  createRoot(document.getElementById('portal-frame')!).render(
    <Frame portal={props} registered={registered as MfeName[]} />,
  );
  guard();
  start({ urlRerouteOnly: true });
}

void main();

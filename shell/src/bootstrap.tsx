import '@portal/ui/styles.css';
import './frame/shell.css';
import { createRoot } from 'react-dom/client';
import { navigateToUrl, registerApplication, start, triggerAppChange } from 'single-spa';
import type { PortalProps } from '@portal/ui';
import { applyTokenRule, createApi, onRepeatedTokenRule } from './api.js';
import { loadConfig } from './config.js';
import { loadMfe } from './remotes.js';
import { loadRoutes } from './manifests.js';
import { allMenuEntries, isPublic, resolveRoute, titleOf } from './routes.js';
import { ShellSession, type ProfileAnswer } from './session.js';
import { Frame } from './frame/Frame.js';

async function main(): Promise<void> {
  const session = new ShellSession(applyTokenRule);
  onRepeatedTokenRule(() => void session.logout());
  const api = createApi({
    getToken: () => session.getToken(),
    onUnderReview: () => session.setVerified(false),
  });
  // Keycloak first: a sign-in callback in the URL is finished (and taken out of it) before anything routes.
  const [afterLogin, config, remotes] = await Promise.all([session.restore(), loadConfig(api), loadRoutes()]);
  // The profile (name, company, review state) and, on a first sign-in, the link of the Keycloak account to its
  // profile: asked before any MFE calls the API, so a seeded or staff-verified account is never "under review".
  if (session.user) {
    await api
      .get<{ user?: ProfileAnswer }>('/api/users/me')
      .then((r) => r?.user && session.adoptProfile(r.user))
      .catch((e) => console.warn('profile not read', e));
  }
  if (session.user && afterLogin) window.history.replaceState(null, '', afterLogin);
  const { table, urls } = remotes;
  const props: PortalProps = {
    api,
    session,
    config,
    navigate: (path) => navigateToUrl(path),
    menu: allMenuEntries(table),
  };
  const portalTitle = document.title;

  /** Applies the route guard's redirects (/, /order/{id}, signed-out private routes); true when it redirected. */
  const guard = (): boolean => {
    const r = resolveRoute(table, window.location.pathname, window.location.search, session.user);
    if (!('redirect' in r)) {
      const title = titleOf(table, window.location.pathname);
      document.title = title ? `${title} | ${portalTitle}` : portalTitle;
      return false;
    }
    window.history.replaceState(null, '', r.redirect);
    return true;
  };

  // Only remotes whose manifest loaded: the others have no pages in the table, so nothing could activate them.
  for (const [name, url] of Object.entries(urls)) {
    registerApplication({
      name,
      app: () => loadMfe(name, url),
      activeWhen: (loc) => {
        const r = resolveRoute(table, loc.pathname, loc.search, session.user);
        return 'owner' in r && r.owner === name;
      },
      customProps: props,
    });
  }

  session.subscribe((user) => {
    // Signing out anywhere private lands on the login screen; otherwise re-evaluate who is mounted.
    if (!user && !isPublic(table, window.location.pathname)) window.history.replaceState(null, '', '/login');
    else if (!guard()) void triggerAppChange();
  });
  window.addEventListener('single-spa:routing-event', () => void guard());

  createRoot(document.getElementById('portal-frame')!).render(<Frame portal={props} remotes={remotes} />);
  guard();
  start({ urlRerouteOnly: true });
}

void main();

import '@portal/ui/styles.css';
import './frame/shell.css';
import { createRoot } from 'react-dom/client';
import { navigateToUrl, registerApplication, start, triggerAppChange } from 'single-spa';
import type { PortalProps, SessionUser } from '@portal/ui';
import { applyTokenRule, createApi } from './api.js';
import { loadConfig } from './config.js';
import { loadMfe } from './remotes.js';
import { loadRoutes } from './manifests.js';
import { allMenuEntries, isPublic, isUnderReview, resolveRoute, titleOf } from './routes.js';
import { ShellSession } from './session.js';
import { Frame } from './frame/Frame.js';

async function main(): Promise<void> {
  const session = new ShellSession(createApi({ getToken: async () => null }), applyTokenRule);
  const api = createApi({
    getToken: () => session.getToken(),
    onUnderReview: () => session.setVerified(false),
  });
  const [config, remotes] = await Promise.all([loadConfig(api), loadRoutes(), session.restore()]);
  // A restored session's review state may have changed since sign-in (staff verified it, or took it back): asked
  // once per page load. An account under review waits for the answer before the first route decision, so a page
  // opened just after staff verified it is not sent to the profile; everyone else does not wait.
  if (session.user) {
    const fresh = api
      .get<{ user?: { verified?: SessionUser['verified'] } }>('/api/users/me')
      .then((r) => void (r?.user && session.setVerified(r.user.verified)))
      .catch(() => undefined);
    if (isUnderReview(session.user)) await fresh;
  }
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

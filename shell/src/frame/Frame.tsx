import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import {
  ErrorBoundary,
  Toaster,
  useIsMobile,
  useLocation,
  type PortalProps,
  type SessionUser,
} from '@portal/ui';
import { isUnderReview, resolveRoute, shortcutsFor } from '../routes.js';
import type { Remotes } from '../manifests.js';
import { Header } from './Header.js';
import { Nav } from './Nav.js';
import { Footer } from './Footer.js';
import { ShellView } from './ShellView.js';
import { FeedbackDialog } from './FeedbackDialog.js';
import { Overlays } from './Overlays.js';
import { ReviewBanner } from './ReviewBanner.js';

const el = (id: string) => document.getElementById(id)!;

function useUser(portal: PortalProps): SessionUser | null {
  const [user, setUser] = useState(portal.session.user);
  useEffect(() => portal.session.subscribe(setUser), [portal.session]);
  return user;
}

/** The shell's own UI: one React tree, rendered through portals into the static layout containers. */
export function Frame({ portal, remotes }: { portal: PortalProps; remotes: Remotes }) {
  const user = useUser(portal);
  const loc = useLocation();
  const isMobile = useIsMobile();
  const [navOpen, setNavOpen] = useState(false);
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  useEffect(() => void document.documentElement.classList.toggle('pu-mobile', isMobile), [isMobile]);
  useEffect(() => setNavOpen(false), [loc.pathname, isMobile]);
  useEffect(() => void el('portal-nav').classList.toggle('open', navOpen), [navOpen]);

  const resolution = resolveRoute(remotes.table, loc.pathname, loc.search, user);
  // staff have not verified the account: a banner on every page, no feedback, no domain overlays (the services
  // refuse such an account everything but its profile)
  const review = isUnderReview(user);
  const hide = Array.isArray(portal.config.hideRoutes) ? portal.config.hideRoutes : [];
  const shortcuts = user ? shortcutsFor(remotes.table, user.role, hide, review) : [];
  return (
    <ErrorBoundary>
      {createPortal(
        <Header
          portal={portal}
          user={user}
          isMobile={isMobile}
          navOpen={navOpen}
          onToggleNav={() => setNavOpen((o) => !o)}
          onFeedback={review ? undefined : () => setFeedbackOpen(true)}
          underReview={review}
          shortcuts={shortcuts}
        />,
        el('portal-header'),
      )}
      {user &&
        createPortal(
          <Nav table={remotes.table} user={user} config={portal.config} pathname={loc.pathname} />,
          el('portal-nav'),
        )}
      {review && createPortal(<ReviewBanner />, el('portal-review'))}
      {createPortal(
        <ShellView
          resolution={resolution}
          registered={Object.keys(remotes.urls)}
          down={remotes.table.down}
          pathname={loc.pathname}
        />,
        el('portal-shell-view'),
      )}
      {createPortal(<Footer config={portal.config} />, el('portal-footer'))}
      {user && !review && (
        <FeedbackDialog
          open={feedbackOpen}
          onClose={() => setFeedbackOpen(false)}
          api={portal.api}
          email={user.email}
        />
      )}
      {user && !review && <Overlays remotes={remotes} portal={portal} user={user} />}
      <Toaster />
    </ErrorBoundary>
  );
}

import { PortalProvider, QueryProvider, useLocation, type PortalProps } from '@portal/ui';
import manifest from './manifest.js';
import { PAGES } from './pages/index.js';

const OWNED = new Set(manifest.pages.map((p) => p.path));

/**
 * Picks the screen for the current path from this MFE's own table. The shell mounts the MFE only on paths its
 * manifest lists; the check here keeps a page that left the manifest from still being reachable by URL.
 * QueryProvider: the page's one react-query cache, shared by every MFE (@portal/ui).
 */
export function App(props: PortalProps) {
  const { pathname } = useLocation();
  const path = pathname.replace(/\/+$/, '');
  const Page = OWNED.has(path) ? PAGES[path] : undefined;
  return (
    <PortalProvider value={props}>
      <QueryProvider>{Page ? <Page /> : null}</QueryProvider>
    </PortalProvider>
  );
}

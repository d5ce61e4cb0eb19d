import type { ComponentType } from 'react';
import type { PortalProps } from './types.js';
import { PortalProvider } from './portal.js';
import { QueryProvider } from './query.js';
import { useLocation } from './routing.js';
import type { MfeManifest } from './mfe-manifest.js';

/**
 * An MFE's root component: picks the screen for the current path from the MFE's own page table. The shell mounts
 * the MFE only on paths its manifest lists; the check here keeps a page that left the manifest from still being
 * reachable by URL. QueryProvider: the page's one react-query cache, shared by every MFE.
 */
export function mfeApp(manifest: MfeManifest, pages: Record<string, ComponentType>) {
  const owned = new Set(manifest.pages.map((p) => p.path));
  return function App(props: PortalProps) {
    const { pathname } = useLocation();
    const path = pathname.replace(/\/+$/, '');
    const Page = owned.has(path) ? pages[path] : undefined;
    return (
      <PortalProvider value={props}>
        <QueryProvider>{Page ? <Page /> : null}</QueryProvider>
      </PortalProvider>
    );
  };
}

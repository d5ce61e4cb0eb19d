import { PortalProvider, useLocation, type PortalProps } from '@portal/ui';
import { PAGES } from './pages/index.js';

/** Picks the screen for the current path; the shell only mounts this MFE on paths it owns. */
export function App(props: PortalProps) {
  const { pathname } = useLocation();
  const Page = PAGES[pathname.replace(/\/+$/, '')];
  return <PortalProvider value={props}>{Page ? <Page /> : null}</PortalProvider>;
}

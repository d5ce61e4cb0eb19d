import {
  Component,
  createContext,
  useContext,
  useEffect,
  useState,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import type { PortalProps, SessionUser } from './types.js';
import { Alert } from './Alert.js';

const PortalContext = createContext<PortalProps | null>(null);

/** Each MFE's root wraps its pages in this with the props the shell passed to it. */
export function PortalProvider({ value, children }: { value: PortalProps; children: ReactNode }) {
  return <PortalContext.Provider value={value}>{children}</PortalContext.Provider>;
}

export function usePortal(): PortalProps {
  const p = useContext(PortalContext);
  if (!p) throw new Error('usePortal() outside <PortalProvider>');
  return p;
}

/** The signed-in user, re-rendering on login/logout. */
export function useSessionUser(): SessionUser | null {
  const { session } = usePortal();
  const [user, setUser] = useState(session.user);
  useEffect(() => session.subscribe(setUser), [session]);
  return user;
}

/** What an MFE shows when one of its screens throws (single-spa-react's errorBoundary). */
export function ScreenError({ error }: { error: unknown }) {
  return (
    <Alert type="error" testId="screen-error">
      This screen stopped working: {error instanceof Error ? error.message : String(error)}. Reload the page
      to try again.
    </Alert>
  );
}

/** A React error boundary for parts the shell renders itself. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  render() {
    return this.state.error ? <ScreenError error={this.state.error} /> : this.props.children;
  }
}

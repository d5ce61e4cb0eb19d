import { useEffect, useState, type AnchorHTMLAttributes, type ReactNode } from 'react';

/** Navigates inside the portal: single-spa reroutes on pushState, so no router library is needed. */
export function navigateTo(path: string): void {
  if (path === window.location.pathname + window.location.search) return;
  window.history.pushState(null, '', path);
}

function readLocation() {
  return { pathname: window.location.pathname, search: window.location.search };
}

/** The current path and query, updated on every single-spa routing event and browser back/forward. */
export function useLocation(): { pathname: string; search: string } {
  const [loc, setLoc] = useState(readLocation);
  useEffect(() => {
    const update = () => setLoc(readLocation());
    window.addEventListener('popstate', update);
    window.addEventListener('single-spa:routing-event', update);
    return () => {
      window.removeEventListener('popstate', update);
      window.removeEventListener('single-spa:routing-event', update);
    };
  }, []);
  return loc;
}

export function useQuery(): URLSearchParams {
  return new URLSearchParams(useLocation().search);
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string; children: ReactNode };

/** An anchor that navigates without reloading the page (modifier-clicks keep the browser default). */
export function Link({ to, children, onClick, ...rest }: LinkProps) {
  return (
    <a
      href={to}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigateTo(to);
      }}
      {...rest}
    >
      {children}
    </a>
  );
}

export interface EmptyStateProps {
  title: string;
  children: ReactNode;
  icon?: ReactNode;
  testId?: string;
}

/** The default empty-state picture: an open, empty tray (inline SVG, so no icon font is needed). */
const EmptyTray = () => (
  <svg
    viewBox="0 0 48 48"
    width="44"
    height="44"
    fill="none"
    stroke="currentColor"
    strokeWidth="2.2"
    strokeLinejoin="round"
  >
    <path d="M6 28l6-16h24l6 16v10H6z" />
    <path d="M6 28h11l2 4h10l2-4h11" />
  </svg>
);

/** A page or table with nothing to show yet: what the screen is for, and why it is empty. */
export function EmptyState({ title, children, icon = <EmptyTray />, testId }: EmptyStateProps) {
  return (
    <section className="pu-empty" data-testid={testId}>
      <div className="pu-empty-icon" aria-hidden="true">
        {icon}
      </div>
      <h1>{title}</h1>
      <div className="pu-empty-text">{children}</div>
    </section>
  );
}

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="pu-page-title">
      <h1>{children}</h1>
      {actions && <div className="pu-page-actions">{actions}</div>}
    </div>
  );
}

/** A screen with nothing to show yet, declared by its title and what it is for (one line per route in an MFE). */
export function emptyScreen(title: string, text: string, icon?: ReactNode) {
  const Screen = () => (
    <EmptyState title={title} icon={icon} testId="empty-screen">
      {text}
    </EmptyState>
  );
  Screen.displayName = `EmptyScreen(${title})`;
  return Screen;
}

import { Button, Link, useLocation, type PortalProps, type SessionUser } from '@portal/ui';
import { frameText } from '../config.js';
import type { MenuItem } from '../routes.js';
import { Logo } from './logos.js';
import './header.css';
import { UserMenu } from './UserMenu.js';

interface HeaderProps {
  portal: PortalProps;
  user: SessionUser | null;
  isMobile: boolean;
  navOpen: boolean;
  onToggleNav: () => void;
  /** Absent: no feedback button (an account under review). */
  onFeedback?: () => void;
  underReview?: boolean;
  /** The role's shortcut menu entries (manifests' `menu.shortcut`), as buttons beside the user's name. */
  shortcuts?: MenuItem[];
}

/** Header (accounts §2): logo, feedback (not on mobile), user name or email, the ellipsis menu. */
export function Header({
  portal,
  user,
  isMobile,
  navOpen,
  onToggleNav,
  onFeedback,
  underReview = false,
  shortcuts = [],
}: HeaderProps) {
  const { appName } = frameText(portal.config);
  const { pathname } = useLocation();
  return (
    <div className={shortcuts.length ? 'sh-header sh-has-shortcuts' : 'sh-header'}>
      {user && isMobile && (
        <button
          type="button"
          className="sh-hamburger"
          aria-label="Menu"
          aria-expanded={navOpen}
          onClick={onToggleNav}
          data-testid="nav-toggle"
        >
          <span />
          <span />
          <span />
        </button>
      )}
      {/* the link's name is the visible app name (a badge logo's letters are decoration) */}
      <Link to="/" className="sh-brand">
        <span aria-hidden="true">
          <Logo type={portal.config.logoType} name={appName} />
        </span>
        <span className="sh-brand-name">{appName}</span>
      </Link>
      <div className="sh-header-right">
        {user ? (
          <>
            {shortcuts.map((s) => (
              <Link
                key={s.key}
                to={s.path}
                className="pu-btn pu-btn-primary sh-shortcut"
                aria-current={pathname === s.path ? 'page' : undefined}
                data-testid={`shortcut-${s.key}`}
              >
                {s.label}
              </Link>
            ))}
            {!isMobile && onFeedback && (
              <Button onClick={onFeedback} data-testid="feedback-button">
                Feedback
              </Button>
            )}
            <span className="sh-user" data-testid="header-user" title={user.email}>
              {user.name || user.email}
            </span>
            <UserMenu portal={portal} underReview={underReview} />
          </>
        ) : (
          <>
            <Link to="/dashboard/schedulesearch" className="sh-header-link">
              Delivery Schedule
            </Link>
            <Link to="/dashboard/faq" className="sh-header-link">
              FAQ
            </Link>
            {pathname !== '/login' && (
              <Link to="/login" className="pu-btn pu-btn-primary sh-signin" data-testid="header-signin">
                Sign In
              </Link>
            )}
          </>
        )}
      </div>
    </div>
  );
}

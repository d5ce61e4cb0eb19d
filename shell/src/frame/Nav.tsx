import type { AppConfig } from '@portal/contracts';
import { Link, type SessionUser } from '@portal/ui';
import { isUnderReview, menusFor, type MenuItem, type RouteTable } from '../routes.js';

function Section({
  title,
  entries,
  pathname,
  testId,
}: {
  title: string;
  entries: MenuItem[];
  pathname: string;
  testId: string;
}) {
  return (
    <div className="sh-nav-section" data-testid={testId}>
      <div className="sh-nav-title">{title}</div>
      <ul>
        {entries.map((e) => (
          <li key={e.key}>
            <Link
              to={e.path}
              className={pathname === e.path ? 'active' : undefined}
              aria-current={pathname === e.path ? 'page' : undefined}
              data-testid={`nav-${e.key}`}
            >
              {e.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Side menus (accounts §2) from the remotes' manifests: the user menu, plus the admin menu when the role sees any
 * of it. A remote that is down has no entries here.
 */
export function Nav({
  table,
  user,
  config,
  pathname,
}: {
  table: RouteTable;
  user: SessionUser;
  config: AppConfig;
  pathname: string;
}) {
  const hide = Array.isArray(config.hideRoutes) ? config.hideRoutes : [];
  const { user: userMenu, admin: adminMenu } = menusFor(table, user.role, hide, isUnderReview(user));
  return (
    <div className="sh-nav">
      <Section title="Menu" entries={userMenu} pathname={pathname} testId="nav-user" />
      {adminMenu.length > 0 && (
        <Section title="Admin" entries={adminMenu} pathname={pathname} testId="nav-admin" />
      )}
    </div>
  );
}

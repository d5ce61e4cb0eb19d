import { ADMIN_MENU, USER_MENU, visibleMenu, type AppConfig, type MenuEntry } from '@portal/contracts';
import { Link, type SessionUser } from '@portal/ui';

function Section({
  title,
  entries,
  pathname,
  testId,
}: {
  title: string;
  entries: MenuEntry[];
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

/** Side menus (accounts §2): the user menu, plus the admin menu when the role sees any of it. */
export function Nav({ user, config, pathname }: { user: SessionUser; config: AppConfig; pathname: string }) {
  const hide = Array.isArray(config.hideRoutes) ? config.hideRoutes : [];
  const userMenu = visibleMenu(USER_MENU, user.role, hide);
  const adminMenu = visibleMenu(ADMIN_MENU, user.role, hide);
  return (
    <div className="sh-nav">
      <Section title="Menu" entries={userMenu} pathname={pathname} testId="nav-user" />
      {adminMenu.length > 0 && (
        <Section title="Admin" entries={adminMenu} pathname={pathname} testId="nav-admin" />
      )}
    </div>
  );
}

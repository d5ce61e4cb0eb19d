import { ADMIN_MENU, USER_MENU, visibleMenu, type MenuEntry, type RoleNumber } from '@portal/contracts';

export type MfeName = Exclude<MenuEntry['mfe'], 'shell'>;
export type Owner = MenuEntry['mfe'];
export const MFE_NAMES: MfeName[] = ['accounts', 'orders', 'schedule', 'fleet', 'billing'];

/** Routes reachable signed out (accounts §1, §2 and INTERFACES.md §4), with their owner. */
export const PUBLIC_ROUTES: Record<string, Owner> = {
  '/login': 'accounts',
  '/signup': 'accounts',
  '/verify': 'accounts',
  '/signMeUp': 'accounts',
  '/validateUser': 'accounts',
  '/forgotPassword': 'accounts',
  '/forgotPasswordSubmit': 'accounts',
  '/dashboard/schedulesearch': 'schedule',
  '/dashboard/publicorders': 'orders',
  '/dashboard/faq': 'shell',
};

/** "Other dashboard routes" (accounts §2) that are in no menu, by owner. */
export const OTHER_ROUTES: Record<string, Owner> = {
  '/dashboard/adminEditOrder': 'orders',
  '/dashboard/editOrder': 'orders',
  '/dashboard/editRoute': 'schedule',
  '/dashboard/admin': 'accounts',
  '/dashboard/editAccount': 'accounts',
  '/dashboard/accountDetails': 'accounts',
  '/dashboard/changeEmail': 'accounts',
  '/dashboard/changePassword': 'accounts',
  '/dashboard/deleteaccount': 'accounts',
  '/dashboard/userreports': 'billing',
  '/dashboard/manageBilling': 'billing',
};

const MENU = [...USER_MENU, ...ADMIN_MENU];
const normalise = (p: string) => p.replace(/\/+$/, '') || '/';

/** Who renders a path: the contracts menu table first, then public and other routes; null = not found. */
export function ownerOf(pathname: string): Owner | null {
  const p = normalise(pathname);
  return MENU.find((e) => e.path === p)?.mfe ?? PUBLIC_ROUTES[p] ?? OTHER_ROUTES[p] ?? null;
}

/** Menu-listed routes are open to a role when at least one entry with that path lets the role see it. */
export function roleMayOpen(pathname: string, role: RoleNumber): boolean {
  const p = normalise(pathname);
  const entries = MENU.filter((e) => e.path === p);
  return entries.length === 0 || visibleMenu(entries, role).length > 0;
}

/** /order/{id} (accounts §2): staff to admin orders, drivers to their schedule, everyone else to orders. */
export function orderRedirect(id: string, role: RoleNumber): string {
  const q = `?id=${encodeURIComponent(id)}`;
  if (role === 0 || role === 1) return `/dashboard/adminManageOrders${q}`;
  if (role === 2) return `/dashboard/manageSchedule${q}`;
  return `/dashboard/orders${q}`;
}

export type Resolution =
  { redirect: string } | { owner: MfeName } | { view: 'faq' | 'notFound' | 'forbidden' };

/** The shell's route guard: what a location shows for a user (null = signed out). Pure, so it is unit-tested. */
export function resolveRoute(
  pathname: string,
  search: string,
  user: { role: RoleNumber } | null,
): Resolution {
  const p = normalise(pathname);
  if (p === '/') return { redirect: user ? '/dashboard/profile' : '/login' };
  const order = /^\/order\/([^/]+)$/.exec(p);
  if (order) {
    return user
      ? { redirect: orderRedirect(decodeURIComponent(order[1]!), user.role) }
      : { redirect: `/login?redirect=${encodeURIComponent(p)}` };
  }
  const owner = ownerOf(p);
  if (!owner) return { view: 'notFound' };
  const isPublic = p in PUBLIC_ROUTES;
  if (p === '/login' && user) return { redirect: '/dashboard/profile' };
  if (!isPublic && !user) return { redirect: `/login?redirect=${encodeURIComponent(p + search)}` };
  if (user && !isPublic && !roleMayOpen(p, user.role)) return { view: 'forbidden' };
  return owner === 'shell' ? { view: 'faq' } : { owner };
}

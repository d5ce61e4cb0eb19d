import { Role, type RoleNumber } from '@portal/contracts';
import type { MfeManifest, MfePage, PortalMenuEntry } from '@portal/ui';

/** A page with the MFE that renders it ('shell' for the shell's own pages). */
export type OwnedPage = MfePage & { mfe: string };
export type MenuItem = NonNullable<MfePage['menu']> & { path: string };

/** The route table of this page load, built from the manifests the remotes published (src/manifests.ts). */
export interface RouteTable {
  pages: OwnedPage[];
  /** Remotes in remotes.json whose manifest could not be read: their pages are missing from `pages`. */
  down: string[];
}

/** The shell's own pages: the FAQ (accounts §2: last in the user menu, not for drivers, public). */
export const SHELL_PAGES: MfePage[] = [
  {
    path: '/dashboard/faq',
    title: 'FAQ',
    public: true,
    restricted: [Role.Driver],
    menu: { section: 'user', key: 'faq', label: 'FAQ', order: 1000 },
  },
];

const normalise = (p: string) => p.replace(/\/+$/, '') || '/';

/**
 * One table from the remotes' manifests, in remotes.json order. A path claimed by two MFEs stays with the first
 * (logged): a remote cannot take over another domain's screen by publishing its path.
 */
export function buildTable(remotes: { name: string; manifest: MfeManifest | null }[]): RouteTable {
  const pages: OwnedPage[] = SHELL_PAGES.map((p) => ({ ...p, mfe: 'shell' }));
  const down: string[] = [];
  for (const { name, manifest } of remotes) {
    if (!manifest) {
      down.push(name);
      continue;
    }
    for (const page of manifest.pages) {
      const owner = pages.find((p) => p.path === page.path && p.mfe !== name);
      if (owner) console.error(`${name} publishes ${page.path}, which ${owner.mfe} owns: ignored`);
      else pages.push({ ...page, mfe: name });
    }
  }
  return { pages, down };
}

const entriesAt = (t: RouteTable, pathname: string) => t.pages.filter((p) => p.path === normalise(pathname));
const lets = (p: MfePage, role: RoleNumber) =>
  (!p.allowed || p.allowed.includes(role)) && !(p.restricted && p.restricted.includes(role));

/** Who the guard and the menus are for: the session user's role and account state. */
export interface Viewer {
  role: RoleNumber;
  verified?: unknown;
}
/**
 * Staff have not verified the account yet (accounts §4: verified false). Suspended is not "under review": it keeps
 * its screens read-only (the services refuse its writes with the suspension message).
 */
export const isUnderReview = (u: { verified?: unknown } | null | undefined): boolean => u?.verified === false;
/** The page an account under review is sent to from anywhere it may not go. */
export const REVIEW_HOME = '/dashboard/profile';
/** Pages an account under review may open: the public ones and those the manifests mark `underReview`. */
const openInReview = (p: MfePage) => p.public === true || p.underReview === true;
export const mayOpenInReview = (t: RouteTable, pathname: string): boolean =>
  entriesAt(t, pathname).some(openInReview);

/** Who renders a path; null = no manifest claims it. */
export const ownerOf = (t: RouteTable, pathname: string): string | null =>
  entriesAt(t, pathname)[0]?.mfe ?? null;

export const isPublic = (t: RouteTable, pathname: string): boolean =>
  entriesAt(t, pathname).some((p) => p.public);

/** A role may open a path when any of its entries lets it (one screen may sit in both menus with other roles). */
export const roleMayOpen = (t: RouteTable, pathname: string, role: RoleNumber): boolean =>
  entriesAt(t, pathname).some((p) => lets(p, role));

/** The page title for a path (the first entry that has one); null for unknown paths. */
export const titleOf = (t: RouteTable, pathname: string): string | null =>
  entriesAt(t, pathname)[0]?.title ?? null;

/** Every menu entry of the table (all roles, before hideRoutes), in menu order: PortalProps.menu. */
export const allMenuEntries = (t: RouteTable): PortalMenuEntry[] =>
  t.pages
    .filter((p) => p.menu)
    .map((p) => ({ ...p.menu!, path: p.path, mfe: p.mfe }))
    .sort((a, b) => (a.section === b.section ? a.order - b.order : a.section === 'user' ? -1 : 1));

/** Both side menus for a role: sorted by `order` across MFEs, then the config's hideRoutes (by menu key). */
export function menusFor(
  t: RouteTable,
  role: RoleNumber,
  hideRoutes: string[] = [],
  underReview = false,
): { user: MenuItem[]; admin: MenuItem[] } {
  const items = t.pages
    .filter((p) => p.menu && lets(p, role) && !hideRoutes.includes(p.menu.key))
    // under review: the profile's pages and the shell's own (FAQ); public screens stay reachable, not advertised
    .filter((p) => !underReview || p.underReview === true || p.mfe === 'shell')
    .map((p) => ({ ...p.menu!, path: p.path }))
    .sort((a, b) => a.order - b.order);
  const admin = items.filter((i) => i.section === 'admin');
  // One screen, one entry: a page the role finds in the admin menu is not repeated in its user menu (staff's
  // Manage Drivers and Fleet Manager; drivers keep theirs in the user menu, having no admin menu).
  const inAdmin = new Set(admin.map((i) => i.path));
  return { user: items.filter((i) => i.section === 'user' && !inAdmin.has(i.path)), admin };
}

/** The role's menu entries marked `shortcut`: buttons in the header, one tap away on a phone (the driver's Scan). */
export function shortcutsFor(
  t: RouteTable,
  role: RoleNumber,
  hideRoutes: string[] = [],
  underReview = false,
): MenuItem[] {
  const { user, admin } = menusFor(t, role, hideRoutes, underReview);
  return [...user, ...admin].filter((i) => i.shortcut === true);
}

/**
 * Where a signed-in user lands (after sign-in and on `/`): the first page whose manifest names the role in `home`
 * (where that role's day starts), else the profile. An account under review always goes to its profile.
 */
export function homeFor(t: RouteTable, user: Viewer): string {
  if (isUnderReview(user)) return REVIEW_HOME;
  const home = t.pages.find((p) => p.home?.includes(user.role) && lets(p, user.role));
  return home?.path ?? REVIEW_HOME;
}

/**
 * /order/{id} (accounts §2): the link in order mails. Staff go to admin orders, drivers to their schedule, everyone
 * else to orders. The one place the shell names domain paths: the spec fixes these targets for a link that lives in
 * mails already sent; a target no manifest publishes ends on the not-found/unavailable view like any other path.
 */
export function orderRedirect(id: string, role: RoleNumber): string {
  const q = `?id=${encodeURIComponent(id)}`;
  if (role === Role.SuperAdmin || role === Role.Admin) return `/dashboard/adminManageOrders${q}`;
  if (role === Role.Driver) return `/dashboard/manageSchedule${q}`;
  return `/dashboard/orders${q}`;
}

export type Resolution =
  { redirect: string } | { owner: string } | { view: 'faq' | 'notFound' | 'forbidden' | 'unavailable' };

/** The shell's route guard: what a location shows for a user (null = signed out). Pure, so it is unit-tested. */
export function resolveRoute(
  t: RouteTable,
  pathname: string,
  search: string,
  user: Viewer | null,
): Resolution {
  const p = normalise(pathname);
  if (p === '/') return { redirect: user ? homeFor(t, user) : '/login' };
  const order = /^\/order\/([^/]+)$/.exec(p);
  if (order) {
    if (user && isUnderReview(user)) return { redirect: REVIEW_HOME };
    return user
      ? { redirect: orderRedirect(decodeURIComponent(order[1]!), user.role) }
      : { redirect: `/login?redirect=${encodeURIComponent(p)}` };
  }
  const owner = ownerOf(t, p);
  // The shell cannot tell which domain an unknown path belonged to while a remote is down: say so, not "not found".
  if (!owner) return { view: t.down.length ? 'unavailable' : 'notFound' };
  const open = isPublic(t, p);
  if (p === '/login' && user) return { redirect: homeFor(t, user) };
  if (!open && !user) return { redirect: `/login?redirect=${encodeURIComponent(p + search)}` };
  // under review: the profile and the public pages only, everything else goes to the profile
  if (user && isUnderReview(user) && !mayOpenInReview(t, p) && p !== REVIEW_HOME)
    return { redirect: REVIEW_HOME };
  if (user && !open && !roleMayOpen(t, p, user.role)) return { view: 'forbidden' };
  return owner === 'shell' ? { view: 'faq' } : { owner };
}

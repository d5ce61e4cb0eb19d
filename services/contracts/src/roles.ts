/**
 * The spec's roles (accounts §6, orders §6): a lower number is more privileged. Keycloak realm roles carry the
 * names in ROLE_NAMES. Code names a role (`Role.Admin`), never a bare number; who-may-do-what is one predicate
 * each below, used by routes (the check) and screens (what to show) alike.
 */
export const Role = {
  SuperAdmin: 0,
  Admin: 1,
  Driver: 2,
  AccountAdmin: 3,
  User: 4,
} as const;
export type RoleNumber = (typeof Role)[keyof typeof Role];

export const DEFAULT_ROLE: RoleNumber = Role.User;

/** Keycloak realm role name for each role number. */
export const ROLE_NAMES: Record<RoleNumber, string> = {
  [Role.SuperAdmin]: 'superadmin',
  [Role.Admin]: 'admin',
  [Role.Driver]: 'driver',
  [Role.AccountAdmin]: 'accountadmin',
  [Role.User]: 'user',
};

export const ROLE_LABELS: Record<RoleNumber, string> = {
  [Role.SuperAdmin]: 'Super Admin',
  [Role.Admin]: 'Admin',
  [Role.Driver]: 'Driver',
  [Role.AccountAdmin]: 'Account Admin',
  [Role.User]: 'Standard User',
};

export const ALL_ROLES: RoleNumber[] = [
  Role.SuperAdmin,
  Role.Admin,
  Role.Driver,
  Role.AccountAdmin,
  Role.User,
];
/** Staff: superadmin and admin (the "0, 1" rows of both specs' §6). */
export const STAFF_ROLES: RoleNumber[] = [Role.SuperAdmin, Role.Admin];
/** Invite users and see placed orders (accounts §6: roles 0, 1, 3). */
export const INVITER_ROLES: RoleNumber[] = [Role.SuperAdmin, Role.Admin, Role.AccountAdmin];
/** manageDriver, fleetmanager, signatures and status fields (orders §6: roles 0, 1, 2). */
export const OPERATIONS_ROLES: RoleNumber[] = [Role.SuperAdmin, Role.Admin, Role.Driver];
/**
 * A company's people (account admin, standard user): their profile is a company's, so its company, billing and
 * licence fields are required, and their first complete profile is an application staff review. Staff and drivers
 * work for the portal itself: no company, nothing to apply for.
 */
export const hasCompany = (role: number): boolean => role === Role.AccountAdmin || role === Role.User;
/** Roles 0 to 3 may add additional licence numbers (accounts §6). */
export const EXTRA_LICENCE_ROLES: RoleNumber[] = [
  Role.SuperAdmin,
  Role.Admin,
  Role.Driver,
  Role.AccountAdmin,
];

/** The most privileged (lowest) role number among Keycloak realm role names; undefined when none match. */
export function roleFromRealmRoles(names: readonly string[]): RoleNumber | undefined {
  const found = ALL_ROLES.filter((r) => names.includes(ROLE_NAMES[r]));
  return found.length ? (Math.min(...found) as RoleNumber) : undefined;
}

export function isRoleNumber(n: unknown): n is RoleNumber {
  return typeof n === 'number' && Number.isInteger(n) && n >= Role.SuperAdmin && n <= Role.User;
}

/** A user may assign only roles equal to or less privileged than their own (accounts §6). */
export function canAssignRole(editor: RoleNumber, target: RoleNumber): boolean {
  return target >= editor;
}

// ---- one predicate per capability (accounts §6, orders §6) ----
const among =
  (roles: readonly RoleNumber[]) =>
  (role: RoleNumber | undefined | null): boolean =>
    role !== undefined && role !== null && roles.includes(role);

/** Superadmin or admin: accounts, licence update, all orders, billing, reports, routes, fleet editing. */
export const isStaff = among(STAFF_ROLES);
/** Only role 0 edits settings. */
export const canEditSettings = among([Role.SuperAdmin]);
export const isDriver = among([Role.Driver]);
/** Invite users (roles 0, 1, 3). */
export const canInvite = among(INVITER_ROLES);
/** Placed orders (roles 0, 1, 3). */
export const canSeePlacedOrders = among(INVITER_ROLES);
/** The Drivers page (manageDriver) and the fleet manager (roles 0, 1, 2; drivers read only). */
export const canManageDrivers = among(OPERATIONS_ROLES);
/** Add or edit fleet (vehicles, drivers, maintenance): staff only; drivers see active vehicles. */
export const canEditFleet = among(STAFF_ROLES);
/** Billing reconciliation and reports (roles 0, 1). */
export const canManageBilling = among(STAFF_ROLES);
/** Edit and delete routes (roles 0, 1). */
export const canManageRoutes = among(STAFF_ROLES);
/** Status, rejection, exception fields and signatures (roles 0, 1, 2). */
export const canSeeOrderStatusFields = among(OPERATIONS_ROLES);
/** Roles 0 to 3 may add additional licence numbers. */
export const canAddLicenceNumbers = among(EXTRA_LICENCE_ROLES);
/** Vendors: neither staff nor driver. */
export const isVendor = (role: RoleNumber | undefined | null): boolean =>
  role === Role.AccountAdmin || role === Role.User;

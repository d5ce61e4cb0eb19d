/** The spec's roles (accounts §6): a lower number is more privileged. Keycloak realm roles carry these names. */
export const Role = {
  superadmin: 0,
  admin: 1,
  driver: 2,
  accountAdmin: 3,
  user: 4,
} as const;
export type RoleNumber = (typeof Role)[keyof typeof Role];

export const DEFAULT_ROLE: RoleNumber = Role.user;

/** Keycloak realm role name for each role number. */
export const ROLE_NAMES: Record<RoleNumber, string> = {
  0: 'superadmin',
  1: 'admin',
  2: 'driver',
  3: 'accountadmin',
  4: 'user',
};

export const ROLE_LABELS: Record<RoleNumber, string> = {
  0: 'Super Admin',
  1: 'Admin',
  2: 'Driver',
  3: 'Account Admin',
  4: 'Standard User',
};

export const ALL_ROLES: RoleNumber[] = [0, 1, 2, 3, 4];
export const STAFF_ROLES: RoleNumber[] = [0, 1];
export const INVITER_ROLES: RoleNumber[] = [0, 1, 3];

/** The most privileged (lowest) role number among Keycloak realm role names; undefined when none match. */
export function roleFromRealmRoles(names: readonly string[]): RoleNumber | undefined {
  const found = ALL_ROLES.filter((r) => names.includes(ROLE_NAMES[r]));
  return found.length ? (Math.min(...found) as RoleNumber) : undefined;
}

export function isRoleNumber(n: unknown): n is RoleNumber {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 4;
}

/** A user may assign only roles equal to or less privileged than their own (accounts §6). */
export function canAssignRole(editor: RoleNumber, target: RoleNumber): boolean {
  return target >= editor;
}

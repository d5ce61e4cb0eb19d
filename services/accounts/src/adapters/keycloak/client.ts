import { randomBytes } from 'node:crypto';
import { ROLE_NAMES, type RoleNumber } from '@portal/contracts';
import { AdminApi } from './admin-api.js';
import { checkPassword, endSession, refreshGrant } from './tokens.js';
import type { KeycloakSettings, KeycloakUser, TokenSet } from './settings.js';

/** One credential as the admin API lists it (`GET /users/{id}/credentials`): what accounts reads of it. */
export interface KeycloakCredential {
  id: string;
  type: string;
  userLabel?: string;
  createdDate?: number;
}

/**
 * Realm roles given through a group, never mapped directly. Keycloak 26 (admin fine-grained authz v2) lets only a
 * master-realm administrator map a role whose name is one of its admin role names ('admin' is), so the service
 * account could not make anyone Admin; joining a group that carries the role needs manage-users only.
 * deploy/local/keycloak/realm-portal.json declares the group.
 */
export const ROLE_GROUPS: Readonly<Record<string, string>> = { admin: 'portal-admins' };
const PORTAL_ROLES = Object.values(ROLE_NAMES);

type Named = { id?: string; name: string };

/**
 * Accounts' one view of Keycloak (`fastify.keycloak`): the public client's refresh and sign-out, the current-password
 * check (its own confidential client) and the admin API.
 */
export class KeycloakClient {
  private readonly admin: AdminApi;
  private readonly groupIds = new Map<string, string>();

  constructor(readonly settings: KeycloakSettings) {
    this.admin = new AdminApi(settings);
  }

  checkPassword = (email: string, password: string): Promise<void> =>
    checkPassword(this.settings, email, password);
  refreshGrant = (refreshToken: string): Promise<TokenSet> => refreshGrant(this.settings, refreshToken);
  endSession = (refreshToken: string): Promise<void> => endSession(this.settings, refreshToken);

  async findUserByEmail(email: string): Promise<KeycloakUser | undefined> {
    const q = new URLSearchParams({ email, exact: 'true' });
    const list = await this.admin.json<KeycloakUser[]>('GET', `/users?${q}`);
    return list.find((u) => u.email?.toLowerCase() === email.toLowerCase());
  }

  async findUserId(email: string): Promise<string | undefined> {
    return (await this.findUserByEmail(email))?.id;
  }

  /**
   * Creates an enabled user (username = email) with a password and a portal role. The realm's user profile requires
   * first and last name before a password grant works, so placeholders are set until the profile has them.
   * Throws UserExists when the email is taken; a failed role assignment deletes the user again.
   */
  async createUser(input: {
    email: string;
    password: string;
    role: RoleNumber;
    firstName?: string;
    lastName?: string;
    /** Staff-created accounts: the address is known good, and the password is a throwaway to be reset. */
    emailVerified?: boolean;
    temporary?: boolean;
  }): Promise<string> {
    const local = input.email.split('@')[0]!.replace(/[^A-Za-z0-9._-]/g, '') || 'New';
    const res = await this.admin.call('POST', '/users', {
      username: input.email,
      email: input.email,
      enabled: true,
      emailVerified: input.emailVerified ?? false,
      firstName: input.firstName || local,
      lastName: input.lastName || 'User',
      credentials: [{ type: 'password', value: input.password, temporary: input.temporary ?? false }],
    });
    const id = res.headers.get('location')?.split('/').pop();
    if (!id) throw new Error('Keycloak created a user without a Location');
    try {
      await this.grant(id, ROLE_NAMES[input.role]);
    } catch (err) {
      await this.deleteUser(id).catch(() => undefined);
      throw err;
    }
    return id;
  }

  /** A staff-made account: verified address, a random temporary password (a set-password code is mailed). */
  createStaffMadeUser(u: { email: string; firstName?: string; lastName?: string; role: RoleNumber }) {
    return this.createUser({
      ...u,
      password: randomBytes(18).toString('base64url') + 'aA1!',
      emailVerified: true,
      temporary: true,
    });
  }

  /**
   * Gives the user exactly one portal role. The new role first, then the others go (direct mappings and role
   * groups): a failure leaves the user as they were, never without a role.
   */
  async setRole(id: string, role: RoleNumber): Promise<void> {
    const name = ROLE_NAMES[role];
    const effective = await this.admin.json<Named[]>('GET', `/users/${id}/role-mappings/realm/composite`);
    if (!effective.some((r) => r.name === name)) await this.grant(id, name);
    const direct = await this.admin.json<Named[]>('GET', `/users/${id}/role-mappings/realm`);
    const remove = direct.filter((r) => PORTAL_ROLES.includes(r.name) && r.name !== name);
    if (remove.length) await this.admin.call('DELETE', `/users/${id}/role-mappings/realm`, remove);
    for (const [roleName, group] of Object.entries(ROLE_GROUPS)) {
      if (roleName !== name && effective.some((r) => r.name === roleName))
        await this.admin.call('DELETE', `/users/${id}/groups/${await this.groupId(group)}`);
    }
  }

  /** Adds a realm role: through its group, or mapped (looked up among the roles the user can still be given). */
  private async grant(id: string, roleName: string): Promise<void> {
    const group = ROLE_GROUPS[roleName];
    if (group) {
      await this.admin.call('PUT', `/users/${id}/groups/${await this.groupId(group)}`);
      return;
    }
    const available = await this.admin.json<Named[]>('GET', `/users/${id}/role-mappings/realm/available`);
    const role = available.find((r) => r.name === roleName);
    if (role) {
      await this.admin.call('POST', `/users/${id}/role-mappings/realm`, [role]);
      return;
    }
    // Not offered: fine only when already mapped. Anything else must fail loudly instead of leaving the user on
    // the default role (the Admin role must stick).
    const mapped = await this.admin.json<Named[]>('GET', `/users/${id}/role-mappings/realm`);
    if (!mapped.some((r) => r.name === roleName))
      throw new Error(`Keycloak cannot map realm role ${roleName}`);
  }

  private async groupId(name: string): Promise<string> {
    const hit = this.groupIds.get(name);
    if (hit) return hit;
    const q = new URLSearchParams({ search: name, exact: 'true' });
    const found = (await this.admin.json<Named[]>('GET', `/groups?${q}`)).find((g) => g.name === name);
    if (!found?.id) throw new Error(`Keycloak group ${name} is missing (realm-portal.json declares it)`);
    this.groupIds.set(name, found.id);
    return found.id;
  }

  /** Partial update (username, email, emailVerified, names, enabled); UserExists on a taken username/email. */
  async updateUser(id: string, patch: Partial<KeycloakUser>): Promise<void> {
    const res = await this.admin.call('PUT', `/users/${id}`, patch);
    if (res.status === 404) throw new Error(`Keycloak user ${id} not found`);
  }

  async setPassword(id: string, password: string): Promise<void> {
    const res = await this.admin.call('PUT', `/users/${id}/reset-password`, {
      type: 'password',
      value: password,
      temporary: false,
    });
    if (res.status === 404) throw new Error(`Keycloak user ${id} not found`);
  }

  /** Deletes the user (a missing user is not an error); its sessions go with it. */
  async deleteUser(id: string): Promise<void> {
    await this.admin.call('DELETE', `/users/${id}`);
  }

  /** Ends every Keycloak session of the user (password change, suspension): refresh tokens stop working. */
  async logoutUser(id: string): Promise<void> {
    await this.admin.call('POST', `/users/${id}/logout`);
  }

  /**
   * The user's credentials as Keycloak's admin API lists them (type, label, id, creation time). Keycloak never
   * returns secretData here; callers still pass on only what they name.
   */
  async credentials(id: string): Promise<KeycloakCredential[]> {
    return this.admin.json<KeycloakCredential[]>('GET', `/users/${id}/credentials`);
  }

  /** Removes one credential of the user (a missing one is not an error). */
  async deleteCredential(id: string, credentialId: string): Promise<void> {
    await this.admin.call('DELETE', `/users/${id}/credentials/${encodeURIComponent(credentialId)}`);
  }

  /** Ends one Keycloak session (sign-out of this browser only). */
  async deleteSession(sid: string): Promise<void> {
    await this.admin.call('DELETE', `/sessions/${encodeURIComponent(sid)}`);
  }
}

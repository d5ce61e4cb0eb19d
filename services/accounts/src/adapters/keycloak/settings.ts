import { roleFromRealmRoles, type RoleNumber } from '@portal/contracts';

export interface KeycloakSettings {
  url: string; // internal base, e.g. http://127.0.0.1:8180/auth
  realm: string;
  clientId: string; // the public client (portal-web): refresh and sign-out of the browser's session
  /** Set only for a confidential client: the suites' portal-tests (the local and CI realm's test client). */
  clientSecret?: string;
  /** The confidential client whose service account manages users (portal-services). */
  serviceClientId?: string;
  serviceClientSecret?: string;
  /**
   * The confidential client change password checks the current password on (portal-password-check): its direct
   * grant is bound to a username-and-password flow, and its tokens carry no portal-api audience.
   */
  passwordCheckClientId?: string;
  passwordCheckClientSecret?: string;
}

/** Settings from the kit env (KEYCLOAK_* with the local stack's defaults). */
export function keycloakFromEnv(env: Record<string, unknown>): KeycloakSettings {
  const s = (k: string, d: string) => (typeof env[k] === 'string' && env[k] ? String(env[k]) : d);
  return {
    url: s('KEYCLOAK_URL', 'http://127.0.0.1:8180/auth'),
    realm: s('KEYCLOAK_REALM', 'portal'),
    clientId: s('KEYCLOAK_PUBLIC_CLIENT_ID', 'portal-web'),
    serviceClientId: s('KEYCLOAK_SERVICE_CLIENT_ID', 'portal-services'),
    serviceClientSecret: s('KEYCLOAK_SERVICE_CLIENT_SECRET', 'portal-services-secret'),
    passwordCheckClientId: s('KEYCLOAK_PASSWORD_CHECK_CLIENT_ID', 'portal-password-check'),
    passwordCheckClientSecret: s(
      'KEYCLOAK_PASSWORD_CHECK_CLIENT_SECRET',
      'portal-password-check-local-secret-8e2f4c91',
    ),
  };
}

export interface TokenSet {
  token: string;
  refreshToken: string;
  idToken: string;
  expiresIn: number;
}

export interface TokenClaims {
  sub: string;
  email?: string;
  given_name?: string;
  family_name?: string;
  email_verified?: boolean;
  sid?: string;
  realm_access?: { roles?: string[] };
}

export interface KeycloakUser {
  id: string;
  username: string;
  email?: string;
  emailVerified?: boolean;
  enabled?: boolean;
  firstName?: string;
  lastName?: string;
}

/** Keycloak refused the credentials (invalid_grant): the caller turns it into the spec's 400. */
export class InvalidCredentials extends Error {}
/** Keycloak already has a user with that username/email (admin API 409). */
export class UserExists extends Error {}
/** The realm's password policy refused a password (admin API 400; message = Keycloak's, e.g. history). */
export class PasswordRejected extends Error {}

/** Claims of a token we have just received from Keycloak ourselves (so no signature check is needed here). */
export function readClaims(jwt: string): TokenClaims {
  const payload = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as TokenClaims;
}

export function roleOf(claims: TokenClaims): RoleNumber | undefined {
  return roleFromRealmRoles(claims.realm_access?.roles ?? []);
}

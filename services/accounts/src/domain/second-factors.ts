import { Problem } from '@portal/service-kit';
import { isStaff } from '@portal/contracts';
import type { KeycloakCredential } from '../adapters/keycloak/index.js';
import type { Caller, Deps } from './deps.js';

/** Keycloak's credential types of the two second factors the portal offers. */
const TOTP = 'otp';
const KEY = 'webauthn';

export const SecondFactorMessages = {
  lastFactor:
    'This is your only second factor and your role must sign in with one: set up an authenticator app or register another security key first.',
  keyNotFound: 'That security key is not registered to your account.',
  keyRemoved: 'The security key was removed.',
} as const;

/** One registered security key: its Keycloak credential id (to remove it), the label its owner gave it, when. */
export interface SecurityKey {
  id: string;
  label: string;
  createdAt?: string;
}

/** The caller's second factors: never a secret, a public key or an authenticator's data, only what a person reads. */
export interface SecondFactors {
  /** The caller's role must pass a second factor to sign in (production's realm: roles 0 and 1). */
  required: boolean;
  authenticatorApp: boolean;
  keys: SecurityKey[];
}

const summary = (caller: Caller, creds: KeycloakCredential[]): SecondFactors => ({
  required: caller.role !== undefined && isStaff(caller.role),
  authenticatorApp: creds.some((c) => c.type === TOTP),
  keys: creds
    .filter((c) => c.type === KEY)
    .map((c, i) => ({
      id: c.id,
      label: c.userLabel?.trim() || `Security key ${i + 1}`,
      ...(c.createdDate ? { createdAt: new Date(c.createdDate).toISOString() } : {}),
    })),
});

/** The caller's own factors, read from Keycloak by the token's subject (the Keycloak user id): self only. */
export async function secondFactors(deps: Deps, caller: Caller): Promise<SecondFactors> {
  return summary(caller, await deps.keycloak.credentials(caller.sub));
}

/**
 * Removes one of the caller's own security keys. A key of someone else (or none) is a 404; the last factor of a role
 * that must sign in with one is kept (409): the user would be sent to set up TOTP at the next sign-in otherwise,
 * which is production's fallback, not a choice to offer from a button.
 */
export async function removeSecurityKey(deps: Deps, caller: Caller, id: string): Promise<SecondFactors> {
  const creds = await deps.keycloak.credentials(caller.sub);
  const key = creds.find((c) => c.id === id && c.type === KEY);
  if (!key) throw new Problem(404, SecondFactorMessages.keyNotFound);
  const rest = creds.filter((c) => c !== key);
  const before = summary(caller, creds);
  if (before.required && !rest.some((c) => c.type === TOTP || c.type === KEY))
    throw new Problem(409, SecondFactorMessages.lastFactor);
  await deps.keycloak.deleteCredential(caller.sub, key.id);
  deps.log.info({ sub: caller.sub, credential: key.id }, 'security key removed by its owner');
  return summary(caller, rest);
}

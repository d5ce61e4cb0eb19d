import { Type } from 'typebox';
import type { FastifyInstance } from 'fastify';
import { AuthMessages, Messages, type PinRequestedData } from '@portal/contracts';
import { pinRequested } from '../events/publishes.js';
import { Profile } from '../schemas.js';
import {
  keycloakFromEnv,
  readClaims,
  roleOf,
  type KeycloakSettings,
  type TokenSet,
} from '../lib/keycloak.js';
import { ensureProfile } from '../lib/profiles.js';
import { toProfile, type UserDoc } from '../models/user.js';
import { TooManyPins, issuePin } from '../models/pin.js';
import { Problem } from '@portal/service-kit';

const settings = new WeakMap<FastifyInstance, KeycloakSettings>();
/** Keycloak settings from the app's env (computed once per app). */
export function kcOf(app: FastifyInstance): KeycloakSettings {
  let kc = settings.get(app);
  if (!kc) settings.set(app, (kc = keycloakFromEnv(app.env)));
  return kc;
}

/**
 * An email for sign-up/change-email: at most 60 ('Email is limited to 60 characters. '), valid
 * ('The input is not a valid E-mail. ', also when missing). Lower-cased by the handlers.
 */
export const NewEmail = Type.Intersect(
  [
    Type.String({ maxLength: 60, errorMessage: Messages.emailTooLong }),
    Type.String({ format: 'email', errorMessage: Messages.invalidEmail }),
  ],
  { errorMessage: Messages.invalidEmail },
);

/** A pin or reset code as typed: required, at most 10 characters. */
export const Code = Type.String({ minLength: 1, maxLength: 10, errorMessage: AuthMessages.invalidPin });

/** The reset policy (Messages.passwordPolicy): 6+ characters with a digit, a lower- and an upper-case letter. */
export const PolicyPassword = Type.Intersect(
  [
    Type.String({ maxLength: 60, errorMessage: AuthMessages.passwordTooLong }),
    Type.String({
      pattern: '^(?=.*[0-9])(?=.*[a-z])(?=.*[A-Z]).{6,}$',
      errorMessage: Messages.passwordPolicy,
    }),
    // the realm's length(8) policy, the same rule as NewPassword
    Type.String({ minLength: 8, errorMessage: Messages.passwordMin }),
  ],
  { errorMessage: Messages.passwordRequired },
);

/**
 * A new password wherever one is chosen (sign-up, change password, staff-created accounts set theirs by reset):
 * one rule, 8 to 60 characters ('Passwords must be at least 8 characters. '), like the realm's length(8) policy.
 */
export const NewPassword = Type.Intersect(
  [
    Type.String({ minLength: 1, errorMessage: Messages.passwordRequired }),
    Type.String({ minLength: 8, errorMessage: Messages.passwordMin }),
    Type.String({ maxLength: 60, errorMessage: AuthMessages.passwordTooLong }),
  ],
  { errorMessage: Messages.passwordRequired }, // shown when the field is missing
);

export const Message = Type.Object({ message: Type.String() });

/** The answer of login and of a verify that could sign the user in. */
export const TokenAnswer = Type.Object({
  token: Type.String(),
  refreshToken: Type.String(),
  idToken: Type.String(),
  expiresIn: Type.Integer(),
  user: Profile,
});

export const normEmail = (email: string) => email.trim().toLowerCase();

/** Tokens plus the profile they belong to (linked/created, role following the token), as login answers. */
export async function signedIn(tokens: TokenSet, fallbackEmail: string) {
  const claims = readClaims(tokens.token);
  const profile = await ensureProfile({
    sub: claims.sub,
    email: claims.email ?? fallbackEmail,
    role: roleOf(claims),
    firstName: claims.given_name,
    lastName: claims.family_name,
  });
  return { ...tokens, user: toProfile(profile as UserDoc) };
}

/** The outbox event that makes notifications mail a pin (the pin is sealed in it: events carry no secrets). */
export function pinEvent(
  email: string,
  pin: string,
  purpose: PinRequestedData['purpose'],
  expiresAt: Date,
): { subject: string; data: PinRequestedData } {
  return pinRequested(email, pin, purpose, expiresAt) as { subject: string; data: PinRequestedData };
}

/** issuePin, with too many codes in a row answered 429 (AuthMessages.tooManyCodes). */
export async function issueCode(...args: Parameters<typeof issuePin>) {
  try {
    return await issuePin(...args);
  } catch (err) {
    if (err instanceof TooManyPins) throw new Problem(429, AuthMessages.tooManyCodes);
    throw err;
  }
}

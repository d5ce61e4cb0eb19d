import type { KeycloakClient } from '../src/adapters/keycloak/index.js';
import { DEMO_PASSWORD, type SeedProfile } from './seed-data.js';

/**
 * A Keycloak login for every seeded profile that has none: the Accounts screen lists every seeded user (verified
 * ones as Verified), so each must be able to sign in with the demo password the README documents. The realm file
 * holds the five demo users; the sample company users are made here (address verified, password not temporary).
 * Existing logins are left as they are (a walk-through's password change survives a restart).
 */
export async function seedLogins(kc: KeycloakClient, profiles: SeedProfile[]): Promise<number> {
  let made = 0;
  for (const p of profiles) {
    if (await kc.findUserId(p.email)) continue;
    await kc.createUser({
      email: p.email,
      password: DEMO_PASSWORD,
      role: p.role,
      firstName: p.name.firstName,
      lastName: p.name.lastName,
      emailVerified: true,
    });
    made++;
  }
  return made;
}

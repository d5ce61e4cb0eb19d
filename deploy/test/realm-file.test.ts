// The realm file is imported by Keycloak at start; a value over one of Keycloak's column limits makes the import,
// and so the whole stack start, fail on a fresh machine (it did: a 303-character role description). Checked here
// offline, in milliseconds, before Keycloak ever sees the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const realm = JSON.parse(
  readFileSync(fileURLToPath(new URL('../local/keycloak/realm-portal.json', import.meta.url)), 'utf8'),
) as Record<string, unknown>;

/** Keycloak's entity columns: descriptions and names are VARCHAR(255). */
const LIMITS: Record<string, number> = { description: 255, name: 255 };

test('realm-portal.json: no description or name longer than Keycloak stores', () => {
  const tooLong: string[] = [];
  const walk = (o: unknown, at: string) => {
    if (Array.isArray(o)) o.forEach((v, i) => walk(v, `${at}[${i}]`));
    else if (o && typeof o === 'object')
      for (const [k, v] of Object.entries(o)) {
        if (typeof v === 'string' && LIMITS[k] && v.length > LIMITS[k]!)
          tooLong.push(`${at}.${k} (${v.length})`);
        walk(v, `${at}.${k}`);
      }
  };
  walk(realm, '$');
  assert.deepEqual(tooLong, []);
});

test('realm-portal.json: the five portal roles and the portal-admins group that grants admin', () => {
  const roles = ((realm.roles as { realm: { name: string }[] }).realm ?? []).map((r) => r.name);
  for (const r of ['superadmin', 'admin', 'driver', 'accountadmin', 'user']) assert.ok(roles.includes(r), r);
  const groups = (realm.groups as { name: string; realmRoles?: string[] }[]) ?? [];
  assert.ok(groups.find((g) => g.name === 'portal-admins')?.realmRoles?.includes('admin'));
});

test('realm-portal.json: TOTP and security-key registration on; a configured key or code is the second factor', () => {
  type Action = { alias: string; enabled: boolean };
  type Exec = { authenticator?: string; flowAlias?: string; requirement: string };
  type Flow = { alias: string; authenticationExecutions: Exec[] };
  // the import lists every required action (Keycloak then creates none of its defaults)
  const on = new Map((realm.requiredActions as Action[]).map((a) => [a.alias, a.enabled]));
  for (const a of ['CONFIGURE_TOTP', 'webauthn-register', 'VERIFY_EMAIL', 'UPDATE_PASSWORD'])
    assert.equal(on.get(a), true, a);
  assert.equal(on.get('webauthn-register-passwordless'), false);
  assert.equal(realm.webAuthnPolicyRpEntityName, 'Portal');
  assert.equal(realm.webAuthnPolicyRpId, '');
  assert.equal(realm.webAuthnPolicyAttestationConveyancePreference, 'none');
  assert.equal(realm.webAuthnPolicyUserVerificationRequirement, 'preferred');
  // locally only users who configured a factor are asked (production: roles 0 and 1 always, realm-mfa.yaml)
  const flows = new Map((realm.authenticationFlows as Flow[]).map((f) => [f.alias, f]));
  const top = flows.get(realm.browserFlow as string)!;
  const forms = flows.get(top.authenticationExecutions.find((e) => e.flowAlias)!.flowAlias!)!;
  const [password, second] = forms.authenticationExecutions;
  assert.equal(password!.authenticator, 'auth-username-password-form');
  assert.deepEqual(
    flows.get(second!.flowAlias!)!.authenticationExecutions.map((e) => [e.authenticator, e.requirement]),
    [
      ['conditional-user-configured', 'REQUIRED'],
      ['webauthn-authenticator', 'ALTERNATIVE'],
      ['auth-otp-form', 'ALTERNATIVE'],
    ],
  );
});

// The RUNNING local Keycloak (bash deploy/local/stack.sh start) holds what the realm files say, tried as a browser
// and as the suites do it: the demo staff user's second factor (a computed TOTP code; a wrong one refused), no
// token for an unverified address, no offline token, the account console off; and the PRODUCTION realm import
// (built from deploy/k8s, imported into a scratch realm here) making staff set up or enter a second factor while
// a user signs in with the password alone. Run: node --import tsx --test deploy/test/keycloak-realm.test.ts
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';
import { AuthMessages } from '@portal/contracts';
import {
  freshTotpCode,
  MFA_SECRET,
  MFA_USER,
  otpCredential,
  testClient,
  tokenEndpoint,
  totpCode,
  wrongTotpCode,
} from '../../services/kit/testing/index.ts';
import { browserSignIn, pageMessage } from '../attack/browser-login.mjs';

type Obj = Record<string, any>;
const KC = process.env.KEYCLOAK_URL ?? 'http://127.0.0.1:8180/auth';
const PASSWORD = 'Portal!2345';
/**
 * The realm's brute-force detection (unchanged) locks an account for a minute when two failures come within a
 * second of each other (quick login check): a test's wrong attempts are spaced further apart than that.
 */
const spaced = () => new Promise((r) => setTimeout(r, 1500));
const claims = (jwt: string) => JSON.parse(Buffer.from(jwt.split('.')[1]!, 'base64url').toString()) as Obj;
const grant = async (params: Record<string, string>) => {
  const r = await fetch(tokenEndpoint(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', ...testClient(), scope: 'openid', ...params }),
  });
  return { status: r.status, json: (await r.json()) as Obj };
};

/** Keycloak's admin API as the local master admin (the dev stack's bootstrap admin, as the attack replay uses). */
async function admin(method: string, path: string, body?: unknown): Promise<Response> {
  const t = await fetch(`${KC}/realms/master/protocol/openid-connect/token`, {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'password',
      client_id: 'admin-cli',
      username: process.env.KEYCLOAK_ADMIN ?? 'admin',
      password: process.env.KEYCLOAK_ADMIN_PASSWORD ?? 'admin',
    }),
  });
  const { access_token } = (await t.json()) as Obj;
  return fetch(`${KC}/admin/realms${path}`, {
    method,
    headers: { authorization: `Bearer ${access_token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}
const scratch: string[] = [];
after(async () => {
  for (const r of scratch) await admin('DELETE', `/${r}`).catch(() => undefined);
});

test('the demo staff user signs in with a computed TOTP code; a wrong or missing code gets no token', async () => {
  const ok = await grant({ username: MFA_USER, password: PASSWORD, totp: await freshTotpCode() });
  assert.equal(ok.status, 200, JSON.stringify(ok.json));
  const c = claims(ok.json.access_token);
  assert.equal(c.email, MFA_USER);
  assert.ok(c.realm_access.roles.includes('admin'), 'role 1 through the portal-admins group');
  await spaced();
  const wrong = await grant({ username: MFA_USER, password: PASSWORD, totp: wrongTotpCode() });
  assert.equal(wrong.status, 401, JSON.stringify(wrong.json));
  assert.equal(wrong.json.access_token, undefined);
  await spaced();
  const none = await grant({ username: MFA_USER, password: PASSWORD });
  assert.equal(none.json.access_token, undefined, 'no code, no token');
  // everyone else signs in without one
  assert.equal((await grant({ username: 'admin@demo.portal', password: PASSWORD })).status, 200);
  assert.match(MFA_SECRET, /^\S{16,}$/);
});

test('the browser (portal-web, Authorization Code + PKCE): the TOTP page for the staff user, then tokens', async () => {
  const asked = await browserSignIn({ username: MFA_USER, password: PASSWORD });
  assert.equal(asked.id, 'login-otp', pageMessage(asked.page ?? ''));
  await spaced();
  const wrong = await browserSignIn({
    username: MFA_USER,
    password: PASSWORD,
    fields: [{ otp: wrongTotpCode() }],
  });
  assert.equal(wrong.tokens, undefined);
  assert.equal(wrong.id, 'login-otp');
  const done = await browserSignIn({
    username: MFA_USER,
    password: PASSWORD,
    fields: [{ otp: await freshTotpCode() }],
  });
  assert.equal(done.status, 200, JSON.stringify(done));
  assert.equal(claims(done.tokens.access_token).azp, 'portal-web');
  const plain = await browserSignIn({ username: 'user@demo.portal', password: PASSWORD });
  assert.ok(plain.tokens?.access_token, 'a user without a second factor is not asked for one');
});

test('the running realm: TOTP set-up and security-key registration on (the Profile starts them), key or code', async () => {
  const actions = (await (await admin('GET', '/portal/authentication/required-actions')).json()) as Obj[];
  const on = new Map(actions.map((x) => [x.alias, x.enabled]));
  assert.equal(on.get('CONFIGURE_TOTP'), true);
  assert.equal(on.get('webauthn-register'), true);
  assert.equal(
    on.get('VERIFY_EMAIL'),
    true,
    'the import lists every action: verify-email must still be there',
  );
  const realm = (await (await admin('GET', '/portal')).json()) as Obj;
  assert.equal(realm.browserFlow, 'portal browser');
  assert.equal(realm.webAuthnPolicyRpEntityName, 'Portal');
  assert.equal(realm.webAuthnPolicyUserVerificationRequirement, 'preferred');
  // the pages themselves, started from Profile, are walked by e2e/tests/second-factor.spec.ts
});

test('no offline token: not for the browser, not for the test client', async () => {
  const browser = await browserSignIn({
    username: 'user@demo.portal',
    password: PASSWORD,
    scope: 'openid offline_access',
  });
  assert.equal(browser.error, 'invalid_scope', JSON.stringify(browser));
  const direct = await grant({
    username: 'user@demo.portal',
    password: PASSWORD,
    scope: 'openid offline_access',
  });
  assert.equal(direct.json.error, 'invalid_scope', JSON.stringify(direct.json));
});

test('the production realm import: staff set up or enter a second factor, a user does not, nobody unverified', async () => {
  // paths from the repository root: the deploy suite runs with deploy/ as its working directory
  const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
  const kustomize = join(
    process.env.K8S_TOOLS_CACHE ?? join(root, 'deploy/local/.cache/k8s-tools'),
    'bin',
    'kustomize',
  );
  if (!existsSync(kustomize)) {
    const r = spawnSync('bash', [join(root, 'deploy/k8s/validate.sh'), '--install-only'], {
      encoding: 'utf8',
    });
    assert.equal(r.status, 0, r.stderr);
  }
  const built = spawnSync(kustomize, ['build', join(root, 'deploy/k8s/overlays/prod')], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  assert.equal(built.status, 0, built.stderr);
  const realm = parseAllDocuments(built.stdout)
    .map((d) => d.toJS() as Obj)
    .find((o) => o?.kind === 'KeycloakRealmImport')!.spec.realm;
  const name = `prodcheck-${randomBytes(4).toString('hex')}`;
  realm.realm = name;
  for (const c of realm.clients) if (c.secret) c.secret = randomBytes(12).toString('hex');
  // a flow's id is unique across the realms of one Keycloak (the local realm has the same fixed id): the scratch
  // copy's flows get fresh ids, and the clients' flow bindings follow them
  const ids = new Map<string, string>();
  for (const f of realm.authenticationFlows) if (f.id) ids.set(f.id, (f.id = randomUUID()));
  for (const c of realm.clients)
    for (const [k, v] of Object.entries(c.authenticationFlowBindingOverrides ?? {}))
      c.authenticationFlowBindingOverrides[k] = ids.get(String(v)) ?? v;
  const otp = otpCredential(MFA_SECRET);
  const person = (who: string, extra: Obj, verified = true) => ({
    username: `${who}@test.portal`,
    email: `${who}@test.portal`,
    firstName: 'Prod',
    lastName: who,
    enabled: true,
    emailVerified: verified,
    ...extra,
    credentials: [{ type: 'password', value: PASSWORD, temporary: false }, ...(extra.credentials ?? [])],
  });
  realm.users.push(
    person('root', { realmRoles: ['superadmin'] }),
    person('staff', { groups: ['/portal-admins'], credentials: [otp] }),
    person('member', { realmRoles: ['user'] }),
    person('unproven', { realmRoles: ['user'] }, false),
  );
  const made = await admin('POST', '', realm);
  assert.equal(made.status, 201, await made.text());
  scratch.push(name);
  const signIn = (who: string, fields: Obj[] = []) =>
    browserSignIn({
      realm: name,
      redirectUri: 'https://portal.example.com/',
      username: `${who}@test.portal`,
      password: PASSWORD,
      fields,
    });
  assert.ok((await signIn('member')).tokens?.access_token, 'role 4: the password alone');
  assert.equal((await signIn('root')).id, 'login-config-totp', 'role 0 without a factor sets one up first');
  assert.equal((await signIn('staff')).id, 'login-otp', 'role 1 with TOTP is asked for the code');
  await spaced();
  assert.equal((await signIn('staff', [{ otp: wrongTotpCode() }])).tokens, undefined);
  assert.ok((await signIn('staff', [{ otp: totpCode() }])).tokens?.access_token);
  const unproven = await signIn('unproven');
  assert.equal(unproven.tokens, undefined, 'an unverified address gets no token');
  // Keycloak has no SMTP in this realm: its verify-email step cannot mail a link of its own and stops on an error
  // page, which the login theme words as the portal's not-yet-verified message (its emailSendErrorMessage)
  assert.equal(unproven.status, 500);
  assert.equal(pageMessage(unproven.page), AuthMessages.emailNotVerified);
  assert.doesNotMatch(unproven.page ?? '', /Failed to send email/);
});

// What the production realm import (deploy/k8s/components/keycloak) must never have and must always have, checked
// on the built overlays, offline: no test client and no client with the password grant but the confidential password
// check (accounts' change password: no scopes, no mappers, a username-and-password flow), the browser's client on
// Authorization Code + PKCE only with exact addresses, no offline tokens, no account console, an unverified
// address gets no token, and staff (roles 0 and 1) sign in with a second factor while everyone else does not.
// Run: node --import tsx --test deploy/test/k8s-realm.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { buildK8s, type Obj } from './kustomize-build.ts';

const built = new Map<string, string>();
function realmOf(overlay: string): Obj {
  const { text, objs } = buildK8s(overlay);
  built.set(overlay, text);
  const imp = objs.find((o) => o.kind === 'KeycloakRealmImport');
  assert.ok(imp, `${overlay}: a KeycloakRealmImport`);
  return imp.spec.realm;
}
const realms = { prod: realmOf('overlays/prod'), dev: realmOf('overlays/dev') };
const host = { prod: 'https://portal.example.com', dev: 'http://portal-dev.example.com' };

test('no service is told to accept the test client: KEYCLOAK_TEST_CLIENT_ID appears nowhere in the manifests', () => {
  for (const [overlay, yaml] of built)
    assert.doesNotMatch(yaml, /KEYCLOAK_TEST_CLIENT|portal-tests/, overlay);
});

for (const [name, realm] of Object.entries(realms)) {
  test(`${name} realm: no test client, no client with the password grant but the password check, no implicit flow`, () => {
    const ids = realm.clients.map((c: Obj) => c.clientId);
    assert.ok(!ids.includes('portal-tests'), `clients: ${ids}`);
    for (const c of realm.clients) {
      if (c.clientId !== 'portal-password-check')
        assert.notEqual(c.directAccessGrantsEnabled, true, `${c.clientId} has direct access grants`);
      assert.notEqual(c.implicitFlowEnabled, true, `${c.clientId} has the implicit flow`);
    }
    // every client with a user-facing flow is named here: a new one must be thought about
    assert.deepEqual(ids.sort(), [
      'account',
      'account-console',
      'admin-cli',
      'portal-password-check',
      'portal-services',
      'portal-web',
    ]);
  });

  test(`${name} realm: portal-password-check is confidential, grants nothing a service accepts, checks the password only`, () => {
    const check = realm.clients.find((c: Obj) => c.clientId === 'portal-password-check');
    assert.equal(check.publicClient, false);
    assert.equal(check.clientAuthenticatorType, 'client-secret');
    assert.equal(check.secret, '${KEYCLOAK_PASSWORD_CHECK_CLIENT_SECRET}');
    assert.equal(check.directAccessGrantsEnabled, true);
    for (const k of [
      'standardFlowEnabled',
      'implicitFlowEnabled',
      'serviceAccountsEnabled',
      'fullScopeAllowed',
    ])
      assert.equal(check[k], false, k);
    assert.deepEqual(check.defaultClientScopes, []);
    assert.deepEqual(check.optionalClientScopes, []);
    assert.equal(check.protocolMappers, undefined, 'no mappers: its tokens carry no portal-api audience');
    assert.ok(
      !realm.scopeMappings.some((m: Obj) => m.client === 'portal-password-check'),
      'no roles in its tokens',
    );
    // its direct grant: the two-step flow (username, password; no OTP step), named by id
    const flow = realm.authenticationFlows.find(
      (f: Obj) => f.id === check.authenticationFlowBindingOverrides.direct_grant,
    );
    assert.ok(flow, 'the bound flow is in the import');
    assert.equal(flow.alias, 'portal password check');
    assert.equal(flow.topLevel, true);
    assert.equal(flow.providerId, 'basic-flow');
    assert.deepEqual(
      flow.authenticationExecutions.map((e: Obj) => [e.authenticator, e.requirement, e.authenticatorFlow]),
      [
        ['direct-grant-validate-username', 'REQUIRED', false],
        ['direct-grant-validate-password', 'REQUIRED', false],
      ],
    );
    assert.deepEqual(Object.keys(check.authenticationFlowBindingOverrides), ['direct_grant']);
  });

  test(`${name} realm: portal-web is Authorization Code + PKCE S256 only, exact addresses, no offline tokens`, () => {
    const web = realm.clients.find((c: Obj) => c.clientId === 'portal-web');
    assert.equal(web.publicClient, true);
    assert.equal(web.standardFlowEnabled, true);
    assert.equal(web.directAccessGrantsEnabled, false);
    assert.equal(web.implicitFlowEnabled, false);
    assert.equal(web.serviceAccountsEnabled, false);
    assert.equal(web.attributes['pkce.code.challenge.method'], 'S256');
    const base = host[name as keyof typeof host];
    assert.deepEqual(web.redirectUris, [`${base}/`, `${base}/silent-check-sso.html`]);
    assert.deepEqual(web.webOrigins, [base]);
    assert.equal(web.attributes['post.logout.redirect.uris'], `${base}/`);
    for (const uri of [...web.redirectUris, ...web.webOrigins]) assert.doesNotMatch(uri, /\*/);
    // no offline_access scope to ask for, and no role beyond the five portal roles in its tokens
    assert.ok(![...web.defaultClientScopes, ...web.optionalClientScopes].includes('offline_access'));
    assert.equal(web.fullScopeAllowed, false);
  });

  test(`${name} realm: an unverified address gets no token; Keycloak's account console is off`, () => {
    assert.equal(realm.verifyEmail, true);
    assert.equal(realm.smtpServer, undefined, 'Keycloak mails nothing of its own (the portal sends the pin)');
    for (const id of ['account', 'account-console', 'admin-cli'])
      assert.equal(realm.clients.find((c: Obj) => c.clientId === id).enabled, false, id);
  });

  test(`${name} realm: staff can register a second factor from the portal (TOTP and security key actions on)`, () => {
    // the import lists every required action (Keycloak then creates none of its defaults): the ones the portal's
    // Profile starts (kc_action) and verify-email must be on, passwordless registration off
    const on = new Map<string, boolean>(realm.requiredActions.map((a: Obj) => [a.alias, a.enabled]));
    for (const a of ['CONFIGURE_TOTP', 'webauthn-register', 'VERIFY_EMAIL', 'UPDATE_PASSWORD'])
      assert.equal(on.get(a), true, a);
    assert.equal(on.get('webauthn-register-passwordless'), false);
    assert.equal(realm.webAuthnPolicyRpEntityName, 'Portal');
    assert.equal(realm.webAuthnPolicyRpId, '', 'the relying party is the host the browser sees');
    assert.equal(realm.webAuthnPolicyAttestationConveyancePreference, 'none');
    assert.equal(realm.webAuthnPolicyUserVerificationRequirement, 'preferred');
  });

  test(`${name} realm: staff (roles 0 and 1) sign in with a second factor, nobody else is asked for one`, () => {
    const flows = new Map<string, Obj>(realm.authenticationFlows.map((f: Obj) => [f.alias, f]));
    const configs = new Map<string, Obj>(realm.authenticatorConfig.map((c: Obj) => [c.alias, c.config]));
    const top = flows.get(realm.browserFlow)!;
    assert.equal(top.topLevel, true);
    const forms = flows.get(top.authenticationExecutions.find((e: Obj) => e.authenticatorFlow).flowAlias)!;
    const [password, ...staff] = forms.authenticationExecutions;
    assert.equal(password.authenticator, 'auth-username-password-form');
    assert.deepEqual(
      staff.map((e: Obj) => e.requirement),
      ['CONDITIONAL', 'CONDITIONAL'],
      'nothing after the password but the staff sub-flows',
    );
    const roles = staff.map((e: Obj) => {
      const [cond, configured, setup] = flows.get(e.flowAlias)!.authenticationExecutions;
      assert.equal(cond.authenticator, 'conditional-user-role');
      // a configured factor: a security key or the TOTP code
      const inner = flows.get(configured.flowAlias)!.authenticationExecutions;
      assert.deepEqual(
        inner.map((x: Obj) => [x.authenticator, x.requirement]),
        [
          ['conditional-user-configured', 'REQUIRED'],
          ['webauthn-authenticator', 'ALTERNATIVE'],
          ['auth-otp-form', 'ALTERNATIVE'],
        ],
      );
      // none yet: the TOTP form REQUIRED, which makes Keycloak ask them to set one up (CONFIGURE_TOTP)
      const [when, otp] = flows.get(setup.flowAlias)!.authenticationExecutions;
      assert.deepEqual(configs.get(when.authenticatorConfig), {
        flow_to_check: configured.flowAlias,
        check_result: 'not-executed',
      });
      assert.deepEqual([otp.authenticator, otp.requirement], ['auth-otp-form', 'REQUIRED']);
      const cfg = configs.get(cond.authenticatorConfig)!;
      assert.equal(cfg.negate, 'false');
      return cfg.condUserRole;
    });
    assert.deepEqual(roles, ['superadmin', 'admin']);
    // brute-force protection and password policy as the local realm has them
    assert.equal(realm.bruteForceProtected, true);
    assert.equal(realm.failureFactor, 10);
    assert.equal(realm.passwordPolicy, 'length(8) and notEmail(undefined) and passwordHistory(3)');
  });
}

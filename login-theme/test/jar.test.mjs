// The theme jar Keycloak loads: what the build puts in it, and that a second build with nothing changed is skipped.
// The seam checked here is Keycloak's own answer to a failed sign-in: Keycloak renders messages from the theme's
// messages_en.properties, so the spec's sentence must be in the jar, not only in the React code.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, statSync } from 'node:fs';
import { AuthMessages, Messages } from '@portal/contracts';
import { JAR, buildLoginTheme, inputHash } from '../scripts/build.mjs';

const quiet = () => undefined;
const jar = buildLoginTheme({ log: quiet });
const unzip = (...args) => {
  const r = spawnSync('unzip', [...args], { encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
};
const entry = (path) => unzip('-p', jar, path);

test('the jar holds the login theme "portal": the pages Keycloak renders, no account theme', () => {
  const names = unzip('-Z1', jar).split('\n');
  for (const page of [
    'login.ftl',
    'login-verify-email.ftl',
    'login-otp.ftl',
    'login-config-totp.ftl',
    'error.ftl',
  ])
    assert.ok(names.includes(`theme/portal/login/${page}`), page);
  assert.ok(
    names.some((n) => n.startsWith('theme/portal/login/resources/dist/assets/') && n.endsWith('.js')),
  );
  assert.ok(!names.some((n) => n.startsWith('theme/portal/account/')), 'an account theme');
  assert.match(
    entry('theme/portal/login/theme.properties'),
    /^PORTAL_APP_NAME=\$\{env\.PORTAL_APP_NAME:Delivery Portal\}$/m,
  );
});

test("Keycloak's failed sign-in message is the spec's sentence (messages_en.properties in the jar)", () => {
  const props = entry('theme/portal/login/messages/messages_en.properties');
  for (const key of ['invalidUserMessage', 'invalidPasswordMessage'])
    assert.match(props, new RegExp(`^${key}=${Messages.loginFailed}$`, 'm'), key);
});

test("Keycloak's failed verify-email mail (no SMTP in the realm) says the spec's not-yet-verified words", () => {
  // Keycloak renders emailSendErrorMessage itself on its error page; the React page matches on these words.
  const props = entry('theme/portal/login/messages/messages_en.properties');
  const line = props.split(/\r?\n/).find((l) => l.startsWith('emailSendErrorMessage='));
  assert.ok(line, 'emailSendErrorMessage is not overridden');
  assert.equal(
    line.slice('emailSendErrorMessage='.length).replaceAll('\\', ''),
    AuthMessages.emailNotVerified,
  );
  assert.doesNotMatch(props, /Failed to send email/);
});

test('a second build with unchanged inputs is skipped (the stamp holds the inputs hash)', () => {
  const before = statSync(JAR).mtimeMs;
  const t = Date.now();
  assert.equal(buildLoginTheme({ log: () => assert.fail('rebuilt although nothing changed') }), JAR);
  assert.ok(Date.now() - t < 5_000);
  assert.equal(statSync(JAR).mtimeMs, before);
  assert.equal(readFileSync(`${JAR}.hash`, 'utf8').trim(), inputHash());
});

test('every Keycloak runs the theme: the local realm and stack, the production image, CR and realm import', () => {
  const root = new URL('../../', import.meta.url);
  const read = (p) => readFileSync(new URL(p, root), 'utf8');
  const version = /^KEYCLOAK_VERSION=(\S+)$/m.exec(read('deploy/local/stack.sh'))?.[1];
  assert.ok(version);
  assert.equal(JSON.parse(read('deploy/local/keycloak/realm-portal.json')).loginTheme, 'portal');
  assert.match(read('deploy/local/stack.sh'), /cp "\$THEME_JAR" "\$KC_HOME\/providers\/portal-theme\.jar"/);
  const image = read('deploy/docker/keycloak.Dockerfile');
  assert.match(
    image,
    new RegExp(`^ARG KEYCLOAK_IMAGE=quay\\.io/keycloak/keycloak:${version.replaceAll('.', '\\.')}$`, 'm'),
  );
  assert.match(image, /^RUN node login-theme\/scripts\/build\.mjs$/m);
  const runtime = image.slice(image.lastIndexOf('\nFROM '));
  assert.match(
    runtime,
    /^COPY --from=theme \S+\/portal-theme\.jar \/opt\/keycloak\/providers\/portal-theme\.jar$/m,
  );
  assert.match(read('deploy/k8s/components/keycloak/keycloak.yaml'), /^ {2}image: portal\/keycloak:/m);
  assert.match(read('deploy/k8s/components/keycloak/realm-import.yaml'), /^ {4}loginTheme: portal$/m);
  for (const overlay of ['prod', 'dev'])
    assert.match(
      read(`deploy/k8s/overlays/${overlay}/kustomization.yaml`),
      /path: \/spec\/image\n\s+value: registry\.example\.com\/portal\/keycloak:/,
      overlay,
    );
});

// The NATS users in production: the accounts file the cluster's NATS includes is the one the contracts give
// (deploy/local/nats-config.ts, the same generator as the local stack's), holds only the six services by nkey
// (the local stack's `test` user, `<service>-test` users and passwords never reach it), and each service reads
// its own seed from its own Secret. Run: node --import tsx --test deploy/test/k8s-nats.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse, parseAllDocuments } from 'yaml';
import { nkeys } from '@nats-io/transport-node';
import { BUS_SERVICES } from '@portal/contracts';
import { K8S_ACCOUNTS_FILE, localAccounts, productionAccounts } from '../local/nats-config.ts';

const k8s = join(dirname(fileURLToPath(import.meta.url)), '..', 'k8s');
const committed = readFileSync(K8S_ACCOUNTS_FILE, 'utf8');
const localEnv = Object.fromEntries(BUS_SERVICES.map((s) => [`NATS_PASSWORD_${s.toUpperCase()}`, `pw-${s}`]));

test('the production accounts file is what the contracts give (regenerate: nats-config.ts k8s)', () => {
  assert.equal(committed, productionAccounts());
  const local = localAccounts(localEnv);
  // the check bites: the local file (a test user, passwords) is not the production one
  assert.notEqual(local, committed);
  assert.match(local, /user: "test"/);
});

test('production holds the six services by nkey only: no test user, no password, no inspector', () => {
  const users = committed.split('\n').filter((l) => /^\s*\{ (nkey|user):/.test(l));
  assert.equal(users.length, BUS_SERVICES.length);
  for (const svc of BUS_SERVICES)
    assert.ok(
      users.some((u) => u.includes(`nkey: $PORTAL_NKEY_${svc.toUpperCase()},`)),
      `${svc} signs in by its nkey`,
    );
  assert.doesNotMatch(committed, /password|user:|"test"|-test"|no_auth_user/);
  // every user is restricted, and none may publish another domain's events
  for (const u of users) {
    const perms = JSON.parse(u.slice(u.indexOf('permissions: ') + 13, u.lastIndexOf('}')));
    const svc = /PORTAL_NKEY_([A-Z]+)/.exec(u)![1]!.toLowerCase();
    assert.ok(perms.publish.allow.includes(`${svc}.>`), svc);
    for (const other of BUS_SERVICES.filter((d) => d !== svc)) {
      assert.ok(perms.publish.deny.includes(`${other}.>`), `${svc} denied ${other}.>`);
      assert.ok(
        !perms.publish.allow.some((a: string) => a.startsWith(`${other}.`)),
        `${svc} allowed ${other}`,
      );
    }
    assert.deepEqual(perms.subscribe.allow, [`_INBOX_${svc}.>`]);
  }
});

test('each service deployment reads its own nkey seed from its own Secret', () => {
  for (const svc of BUS_SERVICES) {
    const d = parse(readFileSync(join(k8s, 'base', svc, 'deployment.yaml'), 'utf8'));
    const env = d.spec.template.spec.containers[0].env as { name: string; valueFrom?: any }[];
    const seed = env.find((e) => e.name === 'NATS_NKEY_SEED');
    assert.deepEqual(seed?.valueFrom?.secretKeyRef, { name: `portal-nats-${svc}`, key: 'seed' }, svc);
    assert.ok(!env.some((e) => e.name === 'NATS_USER' || e.name === 'NATS_PASSWORD'), svc);
  }
});

test("dev's generated seeds match the public keys its NATS gets", () => {
  const docs = parseAllDocuments(readFileSync(join(k8s, 'overlays/dev/kustomization.yaml'), 'utf8'));
  const kz = docs[0]!.toJSON();
  const pub = Object.fromEntries(
    (kz.secretGenerator.find((g: any) => g.name === 'portal-nats-nkeys').literals as string[]).map((l) =>
      l.split('='),
    ),
  );
  for (const svc of BUS_SERVICES) {
    const sec = kz.secretGenerator.find((g: any) => g.name === `portal-nats-${svc}`);
    const seed = (sec.literals as string[]).find((l) => l.startsWith('seed='))!.slice(5);
    const kp = nkeys.fromSeed(new TextEncoder().encode(seed));
    assert.equal(kp.getPublicKey(), pub[`PORTAL_NKEY_${svc.toUpperCase()}`], svc);
  }
});

// Network policies and credentials in the manifests: the namespace denies everything by default (DNS aside); each
// domain bundle brings the policies of its own pods; the edge reaches the services and frontends; a service reaches
// only its own backends (its database, NATS, Redis, Keycloak, the collector, HTTPS outside the cluster), never
// another service unless it calls it (orders -> routing); and no build outside dev carries a credential literal.
// Run: node --import tsx --test deploy/test/k8s-network.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildK8s, type Obj } from './kustomize-build.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const routes = JSON.parse(readFileSync(join(root, 'deploy/routes.json'), 'utf8'));
const SERVICES = Object.keys(routes.services);
const DOMAINS = ['accounts', 'orders', 'schedule', 'fleet', 'billing', 'notifications', 'shell'];

const build = buildK8s;
const prod = build('overlays/prod');
const dev = build('overlays/dev');

const matches = (sel: Obj | undefined, labels: Obj) =>
  Object.entries(sel?.matchLabels ?? {}).every(([k, v]) => labels[k] === v);
const policiesOf = (objs: Obj[], labels: Obj) =>
  objs.filter((o) => o.kind === 'NetworkPolicy' && matches(o.spec.podSelector, labels));
const podLabels = (objs: Obj[]) =>
  objs
    .filter((o) => ['Deployment', 'StatefulSet'].includes(o.kind))
    .map((o) => [o.metadata.name, o.spec.template.metadata.labels] as [string, Obj]);

/** What a service may reach: the pods (by name label, or the operators' labels) and ports of its own backends. */
const BACKENDS = new Set([
  'app=portal-mongodb-svc:27017',
  'app.kubernetes.io/name=nats:4222',
  'app.kubernetes.io/name=redis-haproxy:6379',
  'app=keycloak:8080',
  'app.kubernetes.io/name=otel-collector:4318',
]);
const CALLS: Record<string, string[]> = { orders: ['app.kubernetes.io/name=routing:4103'] };

/** Egress rules of a service's policies that reach anything but its own backends; empty when it is clean. */
export function egressProblems(objs: Obj[], svc: string): string[] {
  const problems: string[] = [];
  const labels = { 'app.kubernetes.io/name': svc };
  for (const p of policiesOf(objs, labels).filter((p) => Object.keys(p.spec.podSelector).length)) {
    for (const rule of p.spec.egress ?? []) {
      const ports = (rule.ports ?? []).map((x: Obj) => x.port);
      for (const peer of rule.to ?? [{ any: true }]) {
        if (peer.ipBlock) {
          // outside the cluster: HTTPS only, and never the cluster's own private ranges
          const except: string[] = peer.ipBlock.except ?? [];
          if (peer.ipBlock.cidr !== '0.0.0.0/0' || !except.includes('10.0.0.0/8') || ports.join() !== '443')
            problems.push(`${svc}: ipBlock ${peer.ipBlock.cidr} ${ports}`);
          continue;
        }
        if (peer.any || peer.namespaceSelector) {
          // any destination: only the SMTP relay's ports, for the service that sends mail
          const smtp =
            svc === 'notifications' &&
            ports.length &&
            ports.every((x: number) => [25, 465, 587, 2525].includes(x));
          if (!smtp) problems.push(`${svc}: any destination on ${ports.join(',') || 'every port'}`);
          continue;
        }
        const [[k, v] = []] = Object.entries(peer.podSelector?.matchLabels ?? {});
        for (const port of ports.length ? ports : ['*']) {
          const key = `${k}=${v}:${port}`;
          if (!BACKENDS.has(key) && !(CALLS[svc] ?? []).includes(key)) problems.push(`${svc}: ${key}`);
        }
      }
    }
  }
  return problems;
}

test('the namespace denies all traffic by default and lets every pod ask the cluster DNS', () => {
  const edge = build('domains/edge').objs;
  for (const objs of [edge, prod.objs, dev.objs]) {
    const deny = objs.find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'default-deny')!;
    assert.deepEqual(deny.spec.podSelector, {});
    assert.deepEqual(deny.spec.policyTypes.sort(), ['Egress', 'Ingress']);
    assert.equal(deny.spec.ingress, undefined);
    assert.equal(deny.spec.egress, undefined);
    const dns = objs.find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'allow-dns')!;
    assert.deepEqual(dns.spec.podSelector, {});
    const ports = dns.spec.egress.flatMap((r: Obj) => r.ports.map((p: Obj) => `${p.protocol}/${p.port}`));
    assert.deepEqual(ports.sort(), ['TCP/53', 'UDP/53']);
  }
});

test('every domain bundle carries the policies of its own pods, in both directions', () => {
  for (const d of DOMAINS) {
    const { objs } = build(`domains/${d}`);
    const pods = podLabels(objs);
    assert.ok(pods.length >= 1, d);
    for (const [name, labels] of pods) {
      const own = policiesOf(objs, labels);
      assert.equal(own.length, 1, `${d}: ${name} has its NetworkPolicy`);
      assert.deepEqual(own[0]!.spec.policyTypes.sort(), ['Egress', 'Ingress'], `${d}: ${name}`);
      assert.equal(own[0]!.metadata.labels['portal/domain'], d);
    }
  }
});

test('in every overlay each pod is selected by an allow policy of its own besides the baseline', () => {
  for (const { objs } of [prod, dev]) {
    for (const [name, labels] of podLabels(objs)) {
      const own = policiesOf(objs, labels).filter((p) => Object.keys(p.spec.podSelector).length);
      assert.ok(own.length >= 1, `${name} has a policy`);
    }
    // the operators' pods too (by the labels they set)
    for (const labels of [
      { app: 'portal-mongodb-svc' },
      { app: 'keycloak', 'app.kubernetes.io/managed-by': 'keycloak-operator' },
      { 'cnpg.io/cluster': 'portal-keycloak-db' },
    ])
      assert.ok(policiesOf(objs, labels).length >= 2, JSON.stringify(labels));
  }
});

test('services and frontends take traffic from the edge only (routing also from orders)', () => {
  for (const { objs } of [prod, dev]) {
    for (const [name, labels] of podLabels(objs)) {
      const component = labels['app.kubernetes.io/component'];
      if (!['service', 'frontend'].includes(component)) continue;
      const rules = policiesOf(objs, labels).flatMap((p) => p.spec.ingress ?? []);
      for (const r of rules)
        for (const peer of r.from) {
          const edge =
            peer.namespaceSelector?.matchLabels?.['kubernetes.io/metadata.name'] === 'ingress-nginx' &&
            peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'ingress-nginx';
          const orders =
            name === 'routing' && peer.podSelector?.matchLabels?.['app.kubernetes.io/name'] === 'orders';
          assert.ok(edge || orders, `${name}: from ${JSON.stringify(peer)}`);
        }
      if (component === 'frontend')
        assert.deepEqual(
          policiesOf(objs, labels)
            .filter((p) => Object.keys(p.spec.podSelector).length)
            .flatMap((p) => p.spec.egress ?? []),
          [],
          `${name} egress`,
        );
    }
  }
});

test('a service reaches only its own backends', () => {
  for (const { objs } of [prod, dev])
    for (const svc of SERVICES) assert.deepEqual(egressProblems(objs, svc), []);
  // and the check bites: fleet given a way to billing's pods, or to any port anywhere
  const widened = structuredClone(prod.objs);
  const fleet = widened.find((o) => o.kind === 'NetworkPolicy' && o.metadata.name === 'fleet')!;
  fleet.spec.egress.push({
    to: [{ podSelector: { matchLabels: { 'app.kubernetes.io/name': 'billing' } } }],
    ports: [{ port: 4105 }],
  });
  fleet.spec.egress.push({});
  assert.deepEqual(egressProblems(widened, 'fleet'), [
    'fleet: app.kubernetes.io/name=billing:4105',
    'fleet: any destination on every port',
  ]);
});

test('no credential literal outside the dev overlay', () => {
  // the credentials among dev's generated Secrets (endpoints and public nkeys are not), and a connection
  // string's password on its own too
  const devSecretValues = dev.objs
    .filter((o) => o.kind === 'Secret')
    .flatMap((o) => Object.entries(o.data ?? {}))
    .filter(([k]) => !/^(S3_(ENDPOINT|PORT|USE_SSL|PUBLIC_URL|REGION)|PORTAL_NKEY_\w+)$/.test(k))
    .map(([, v]) => Buffer.from(String(v), 'base64').toString())
    .flatMap((v) => [v, /^\w+:\/\/[^:/@]*:([^@]+)@/.exec(v)?.[1] ?? ''])
    .filter((v) => v.length >= 8);
  assert.ok(devSecretValues.length > 10, 'read the dev secrets');
  const builds = [
    ['overlays/prod', prod] as const,
    ...DOMAINS.concat('edge').map((d) => [`domains/${d}`, build(`domains/${d}`)] as const),
  ];
  for (const [name, { text, objs }] of builds) {
    assert.deepEqual(
      objs.filter((o) => o.kind === 'Secret').map((o) => o.metadata.name),
      [],
      `${name}: no Secret`,
    );
    for (const v of devSecretValues) assert.ok(!text.includes(v), `${name}: a dev credential (${v})`);
    for (const o of objs) {
      for (const c of o.spec?.template?.spec?.containers ?? [])
        for (const e of c.env ?? [])
          if (/PASS|SECRET|TOKEN|SEED|_KEY$/.test(e.name))
            assert.equal(e.value, undefined, `${name}: ${e.name} literal`);
      if (o.kind === 'ConfigMap')
        for (const k of Object.keys(o.data ?? {}))
          assert.doesNotMatch(
            k,
            /PASS|SECRET|TOKEN|SEED|ACCESS_KEY/,
            `${name}: ConfigMap ${o.metadata.name} ${k}`,
          );
    }
    // a connection string never carries a password in the manifests (only in the secret store)
    assert.doesNotMatch(text, /(mongodb|redis|rediss|postgres(ql)?):\/\/[^\s'"]*:[^\s'"@]+@/, name);
  }
});

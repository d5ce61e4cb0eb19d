// Production edge and configuration: the prod overlay routes neither the Keycloak admin console nor
// the dev mailbox, sends HSTS, carries no secret and no demo value, and gives every service what the kit
// demands under PORTAL_ENV=production (services/kit/src/env.ts) — checked by running that very check.
// Run: node --import tsx --test deploy/test/k8s-prod.test.ts   (uses validate.sh's kustomize; installs it once)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildK8s, type Obj } from './kustomize-build.ts';
import { EnvSchema, PRODUCTION_REQUIRED, loadEnv } from '../../services/kit/src/env.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const routes = JSON.parse(readFileSync(join(root, 'deploy/routes.json'), 'utf8'));

const build = (overlay: string) => buildK8s(`overlays/${overlay}`);

/** The Service an Ingress sends a request path to: longest Prefix match by whole path segments. */
export function routeOf(objs: Obj[], url: string): string | undefined {
  let best: { len: number; svc: string } | undefined;
  for (const ing of objs.filter((o) => o.kind === 'Ingress'))
    for (const rule of ing.spec?.rules ?? [])
      for (const p of rule.http?.paths ?? []) {
        const prefix = p.path.replace(/\/$/, '');
        const hit = prefix === '' || url === prefix || url.startsWith(`${prefix}/`);
        if (hit && (!best || prefix.length > best.len))
          best = { len: prefix.length, svc: p.backend.service.name };
      }
  return best?.svc;
}

/** Internal tools a public Ingress must not reach; empty when each falls through to the shell SPA. */
export function exposedInternals(objs: Obj[]): string[] {
  const internal = [
    '/auth/admin/master/console/',
    '/auth/admin/realms/portal/users',
    '/auth/realms/master/protocol/openid-connect/token',
    '/mailbox/',
    '/mailbox/api/messages',
  ];
  return internal.filter((u) => routeOf(objs, u) !== 'shell').map((u) => `${u} -> ${routeOf(objs, u)}`);
}

const prod = build('prod');
const dev = build('dev');

test('prod Ingress: no Keycloak admin console, no master realm, no mailbox; the portal realm still works', () => {
  assert.deepEqual(exposedInternals(prod.objs), []);
  for (const u of [
    '/auth/realms/portal/protocol/openid-connect/token',
    '/auth/realms/portal/protocol/openid-connect/auth',
    '/auth/resources/abc12/login/keycloak.v2/css/styles.css',
  ])
    assert.equal(routeOf(prod.objs, u), 'keycloak', u);
  for (const [svc, s] of Object.entries(routes.services) as [string, { prefixes: string[] }][])
    for (const p of s.prefixes) assert.equal(routeOf(prod.objs, `/api/${p}/x`), svc, `/api/${p}`);
  // the check bites: the dev overlay (a cluster-internal convenience) does route the admin console
  assert.match(exposedInternals(dev.objs).join('\n'), /\/auth\/admin\/master\/console\/ -> keycloak/);
});

test('prod Ingress: HTTPS only with HSTS (>= 1 year); dev sends none', () => {
  const ing = prod.objs.find((o) => o.kind === 'Ingress' && o.metadata.name === 'portal')!;
  const ann = ing.metadata.annotations ?? {};
  assert.ok(ing.spec.tls?.length, 'TLS');
  assert.equal(ann['nginx.ingress.kubernetes.io/ssl-redirect'], 'true');
  const ref = ann['nginx.ingress.kubernetes.io/custom-headers'];
  assert.equal(ref, `${ing.metadata.namespace}/portal-security-headers`);
  const cm = prod.objs.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'portal-security-headers');
  const hsts = String(cm?.data?.['Strict-Transport-Security'] ?? '');
  assert.ok(Number(/max-age=(\d+)/.exec(hsts)?.[1]) >= 31_536_000, `HSTS: ${hsts}`);
  assert.match(hsts, /includeSubDomains/);
  assert.equal(
    dev.objs.find((o) => o.metadata?.name === 'portal-security-headers'),
    undefined,
  );
});

test('prod carries no Secret and none of the public local defaults or demo values', () => {
  assert.deepEqual(
    prod.objs.filter((o) => o.kind === 'Secret').map((o) => o.metadata.name),
    [],
  );
  const defaults = EnvSchema.properties as Record<string, { default?: unknown }>;
  // every configured value: ConfigMap data and literal env values of every container
  const values: [string, string][] = [];
  for (const o of prod.objs) {
    values.push(...Object.entries((o.kind === 'ConfigMap' && o.data) || {}).map(([k, v]) => [k, String(v)]));
    for (const c of o.spec?.template?.spec?.containers ?? [])
      for (const e of c.env ?? []) if (e.value !== undefined) values.push([e.name, String(e.value)]);
  }
  assert.ok(values.length > 20, `read ${values.length} values`);
  for (const [k, v] of values) {
    if (PRODUCTION_REQUIRED.has(k))
      assert.notEqual(v, defaults[k]?.default, `${k}: the public local default`);
    assert.doesNotMatch(v, /@demo\.portal|127\.0\.0\.1|localhost|portal-services-secret/, v);
  }
  // the dev overlay keeps its generated dev-only Secret
  assert.ok(dev.objs.some((o) => o.kind === 'Secret' && o.metadata.name === 'portal-secrets'));
});

/** Secrets whose shape the kit checks in production: stand-ins of that shape (connections with credentials). */
const STAND_IN: Record<string, string> = {
  MONGO_URL: 'mongodb://portal:secret@mongodb-0,mongodb-1/portal?replicaSet=rs0',
  REDIS_URL: 'redis://:secret@redis:6379',
  NATS_NKEY_SEED: `SU${'A'.repeat(56)}`,
  S3_PORT: '443',
  S3_USE_SSL: 'true',
};

/** The keys of a Secret of the build: generated (dev) or written by an ExternalSecret (prod). */
function secretKeys(objs: Obj[], name: string): string[] {
  const secret = objs.find((o) => o.kind === 'Secret' && o.metadata.name === name);
  if (secret) return Object.keys({ ...secret.data, ...secret.stringData });
  const ext = objs.find(
    (o) => o.kind === 'ExternalSecret' && (o.spec.target?.name ?? o.metadata.name) === name,
  );
  return (ext?.spec.data ?? []).map((d: Obj) => d.secretKey);
}

/** The environment a container gets: its ConfigMaps, and its secretKeyRefs with a stand-in secret value. */
function containerEnv(objs: Obj[], c: Obj): Record<string, string> {
  const env: Record<string, string> = {};
  for (const ref of c.envFrom ?? []) {
    const cm = objs.find((o) => o.kind === 'ConfigMap' && o.metadata.name === ref.configMapRef?.name);
    Object.assign(env, cm?.data ?? {});
    const sec = ref.secretRef?.name;
    if (sec) for (const k of secretKeys(objs, sec)) env[k] = STAND_IN[k] ?? `secret:${sec}/${k}`;
  }
  for (const e of c.env ?? []) {
    if (e.value !== undefined) env[e.name] = e.value;
    const s = e.valueFrom?.secretKeyRef;
    if (s && !s.optional) env[e.name] = STAND_IN[e.name] ?? `secret:${s.name}/${s.key}`;
  }
  return env;
}

test('every prod service runs with PORTAL_ENV=production and passes the kit check (dev does not need to)', () => {
  const services = Object.keys(routes.services);
  for (const svc of services) {
    const d = prod.objs.find((o) => o.kind === 'Deployment' && o.metadata.name === svc)!;
    const env = containerEnv(prod.objs, d.spec.template.spec.containers[0]);
    assert.equal(env.PORTAL_ENV, 'production', svc);
    // blank first: a key the manifest lacks must not be filled in from this test process's environment
    const blank = Object.fromEntries([...PRODUCTION_REQUIRED].map((k) => [k, '']));
    assert.doesNotThrow(() => loadEnv({ ...blank, ...env }), svc);
    // the service-specific keys (ACCOUNTING_URL, FEEDBACK_TO, MAIL_FROM) are site values, not demo ones
    for (const k of ['ACCOUNTING_URL', 'FEEDBACK_TO', 'MAIL_FROM'])
      assert.match(env[k] ?? '', /^(?!.*(demo\.portal|127\.0\.0\.1|localhost)).+$/, `${svc} ${k}`);
  }
  // the check bites: without the secret reference (a manifest that forgot it) the service is refused
  const d = structuredClone(prod.objs.find((o) => o.kind === 'Deployment' && o.metadata.name === 'orders')!);
  const c = d.spec.template.spec.containers[0];
  c.env = c.env.filter((e: Obj) => e.name !== 'KEYCLOAK_SERVICE_CLIENT_SECRET');
  const blank = Object.fromEntries([...PRODUCTION_REQUIRED].map((k) => [k, '']));
  assert.throws(
    () => loadEnv({ ...blank, ...containerEnv(prod.objs, c) }),
    /needs KEYCLOAK_SERVICE_CLIENT_SECRET/,
  );
  // and without its NATS seed (a manifest signing in as nobody, or as a shared user)
  const n = structuredClone(prod.objs.find((o) => o.kind === 'Deployment' && o.metadata.name === 'orders')!);
  const nc = n.spec.template.spec.containers[0];
  nc.env = nc.env.filter((e: Obj) => e.name !== 'NATS_NKEY_SEED');
  assert.throws(() => loadEnv({ ...blank, ...containerEnv(prod.objs, nc) }), /needs NATS_NKEY_SEED/);
  // and without the object store's Secret (endpoint and keys would fall back to the local defaults)
  const s = structuredClone(prod.objs.find((o) => o.kind === 'Deployment' && o.metadata.name === 'orders')!);
  const sc = s.spec.template.spec.containers[0];
  sc.envFrom = sc.envFrom.filter((e: Obj) => e.secretRef?.name !== 'portal-s3');
  assert.throws(() => loadEnv({ ...blank, ...containerEnv(prod.objs, sc) }), /S3_/);
  // the two services that seal and open pins/codes get the seal key from the Secret, not a default
  for (const svc of ['accounts', 'notifications']) {
    const dep = prod.objs.find((o) => o.kind === 'Deployment' && o.metadata.name === svc)!;
    const env = containerEnv(prod.objs, dep.spec.template.spec.containers[0]);
    assert.equal(env.EVENT_SEAL_KEY, 'secret:portal-secrets/EVENT_SEAL_KEY', svc);
  }
  const devOrders = dev.objs.find((o) => o.kind === 'Deployment' && o.metadata.name === 'orders')!;
  assert.notEqual(
    containerEnv(dev.objs, devOrders.spec.template.spec.containers[0]).PORTAL_ENV,
    'production',
  );
});

test("orders signs the ledger's checkpoints with the key from the Secret, under a pinned namespace", () => {
  const d = prod.objs.find((o) => o.kind === 'Deployment' && o.metadata.name === 'orders')!;
  const env = containerEnv(prod.objs, d.spec.template.spec.containers[0]);
  assert.equal(env.LEDGER_SIGNING_KEY, 'secret:portal-secrets/LEDGER_SIGNING_KEY');
  assert.match(env.LEDGER_NAMESPACE ?? '', /^[A-Za-z0-9_-]+$/);
  // the edge: the services read X-Forwarded-For only from the ingress controller's range, never any loopback
  assert.match(env.TRUSTED_PROXIES ?? '', /^[0-9a-f.:/,]+$/i);
  assert.doesNotMatch(env.TRUSTED_PROXIES, /127\.0\.0\.1|loopback/);
});

// The Kubernetes manifests: schema-valid offline (deploy/k8s/validate.sh: kustomize + kubeconform -strict),
// the Ingress equal to deploy/routes.json, every Deployment hardened and each domain deployable alone (the image
// recipes: docker-images.test.ts).
// Run: node --import tsx --test deploy/test/k8s.test.ts   (first run installs the tools: ~1 min)
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// `yaml` is declared by deploy/package.json (deploy tests declare what they import)
import { parseAllDocuments } from 'yaml';

type Obj = Record<string, any>;
type Routes = {
  services: Record<string, { port: number; prefixes: string[]; exact?: string[] }>;
  mfes: string[];
};

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const routes: Routes = JSON.parse(readFileSync(join(root, 'deploy/routes.json'), 'utf8'));
const domainOf: Record<string, string> = { routing: 'schedule' };
const mfeOfDomain: Record<string, string | undefined> = {
  accounts: 'mfe-accounts',
  orders: 'mfe-orders',
  schedule: 'mfe-schedule',
  fleet: 'mfe-fleet',
  billing: 'mfe-billing',
};

// ---- checks as pure functions, so the tests below can also prove they fail on a broken input ----

/** path -> backend service name for every rule path of the Ingress objects in a build. */
export function ingressTable(objs: Obj[]): Map<string, string> {
  const table = new Map<string, string>();
  for (const ing of objs.filter((o) => o.kind === 'Ingress')) {
    for (const rule of ing.spec?.rules ?? []) {
      for (const p of rule.http?.paths ?? []) {
        assert.ok(!table.has(p.path), `path ${p.path} routed twice`);
        // routes.json `exact` paths are pathType Exact (keyed "=<path>"), everything else Prefix
        assert.ok(['Prefix', 'Exact'].includes(p.pathType), `${p.path} pathType`);
        table.set(p.pathType === 'Exact' ? `=${p.path}` : p.path, p.backend?.service?.name);
      }
    }
  }
  return table;
}

/** Problems with the Ingress against the route table; empty when it matches exactly. */
export function ingressProblems(objs: Obj[], r: Routes): string[] {
  const table = ingressTable(objs);
  const want = new Map<string, string>();
  for (const [svc, { prefixes, exact }] of Object.entries(r.services)) {
    for (const p of prefixes) want.set(`/api/${p}`, svc);
    for (const p of exact ?? []) want.set(`=${p}`, svc);
  }
  const problems: string[] = [];
  for (const [path, svc] of want)
    if (table.get(path) !== svc) problems.push(`${path} -> ${table.get(path)} (want ${svc})`);
  for (const [path, svc] of table)
    if (/^=?\/api/.test(path) && !want.has(path)) problems.push(`${path} -> ${svc} is not in routes.json`);
  for (const m of r.mfes)
    if (table.get(`/mfe/${m}`) !== `mfe-${m}`) problems.push(`/mfe/${m} -> ${table.get(`/mfe/${m}`)}`);
  // prod routes only the portal realm (no admin console): deploy/test/k8s-prod.test.ts
  const auth = table.has('/auth') ? '/auth' : '/auth/realms/portal';
  if (table.get(auth) !== 'keycloak') problems.push(`${auth} -> ${table.get(auth)}`);
  if (table.get('/') !== 'shell') problems.push(`/ -> ${table.get('/')}`);
  return problems;
}

/** Problems with one Deployment: non-root, read-only root fs, probes, requests/limits, labels. */
export function deploymentProblems(d: Obj): string[] {
  const name = d.metadata?.name;
  const problems: string[] = [];
  const fail = (what: string) => problems.push(`${name}: ${what}`);
  const labels = d.spec?.template?.metadata?.labels ?? {};
  for (const k of ['app.kubernetes.io/name', 'app.kubernetes.io/component'])
    if (!labels[k]) fail(`label ${k}`);
  if (labels['app.kubernetes.io/part-of'] !== 'portal') fail('label app.kubernetes.io/part-of=portal');
  const pod = d.spec?.template?.spec ?? {};
  const psc = pod.securityContext ?? {};
  if (psc.runAsNonRoot !== true) fail('pod runAsNonRoot');
  if (psc.runAsUser !== 10001) fail('pod runAsUser 10001');
  if (psc.seccompProfile?.type !== 'RuntimeDefault') fail('seccomp RuntimeDefault');
  const tmpVolumes = new Set((pod.volumes ?? []).filter((v: Obj) => v.emptyDir).map((v: Obj) => v.name));
  const isService = labels['app.kubernetes.io/component'] === 'service';
  for (const c of pod.containers ?? []) {
    const sc = c.securityContext ?? {};
    if (sc.allowPrivilegeEscalation !== false) fail(`${c.name} allowPrivilegeEscalation false`);
    if (sc.readOnlyRootFilesystem !== true) fail(`${c.name} readOnlyRootFilesystem`);
    if (!(sc.capabilities?.drop ?? []).includes('ALL')) fail(`${c.name} capabilities drop ALL`);
    if (sc.runAsUser !== undefined && sc.runAsUser !== 10001) fail(`${c.name} runAsUser overridden`);
    if (!(c.volumeMounts ?? []).some((m: Obj) => m.mountPath === '/tmp' && tmpVolumes.has(m.name)))
      fail(`${c.name} emptyDir at /tmp`);
    if (!c.livenessProbe) fail(`${c.name} livenessProbe`);
    if (!c.readinessProbe) fail(`${c.name} readinessProbe`);
    if (isService) {
      if (c.livenessProbe?.httpGet?.path !== '/healthz') fail(`${c.name} liveness /healthz`);
      if (c.readinessProbe?.httpGet?.path !== '/readyz') fail(`${c.name} readiness /readyz`);
    }
    for (const kind of ['requests', 'limits'])
      for (const res of ['cpu', 'memory'])
        if (!c.resources?.[kind]?.[res]) fail(`${c.name} resources.${kind}.${res}`);
  }
  return problems;
}

// ---- build everything once through validate.sh ----

const out = mkdtempSync(join(tmpdir(), 'k8s-build-'));
const builds = new Map<string, Obj[]>(); // "overlays-dev" | "domains-orders" -> objects

test(
  'validate.sh: every overlay and domain builds and passes kubeconform -strict offline',
  { timeout: 900_000 },
  () => {
    const started = Date.now();
    const run = spawnSync('bash', [join(root, 'deploy/k8s/validate.sh'), '--out', out], { encoding: 'utf8' });
    process.stdout.write(`# validate.sh took ${((Date.now() - started) / 1000).toFixed(1)}s\n`);
    assert.equal(run.status, 0, `validate.sh failed:\n${run.stdout}\n${run.stderr}`);
    for (const f of readdirSync(out)) {
      const docs = parseAllDocuments(readFileSync(join(out, f), 'utf8'));
      builds.set(f.replace(/\.yaml$/, ''), docs.map((d) => d.toJS()).filter(Boolean));
    }
    for (const env of ['dev', 'prod']) assert.ok(builds.has(`overlays-${env}`), `overlay ${env} built`);
    for (const d of ['accounts', 'orders', 'schedule', 'fleet', 'billing', 'notifications'])
      assert.ok(builds.has(`domains-${d}`), `domain ${d} built`);
  },
);

test('the Ingress of every overlay routes exactly as deploy/routes.json', () => {
  for (const env of ['dev', 'prod']) {
    const objs = builds.get(`overlays-${env}`) ?? [];
    // the portal's, and Keycloak's sign-in form's own (its per-address limit: k8s-sign-in-limit.test.ts)
    const names = objs.filter((o) => o.kind === 'Ingress').map((o) => o.metadata.name);
    assert.deepEqual(names.sort(), ['keycloak-sign-in', 'portal'], `${env}: two Ingresses`);
    assert.deepEqual(ingressProblems(objs, routes), [], env);
    const ing = objs.find((o) => o.kind === 'Ingress' && o.metadata.name === 'portal')!;
    assert.ok(ing.spec.rules[0].host, `${env}: a hostname`);
    assert.ok(ing.spec.ingressClassName, `${env}: an ingress class`);
    // every backend is a Service of the build (keycloak's selects the operator's pods, components/keycloak)
    const services = new Set(objs.filter((o) => o.kind === 'Service').map((o) => o.metadata.name));
    for (const svc of new Set(ingressTable(objs).values()))
      assert.ok(services.has(svc), `${env}: Service ${svc} exists`);
    // each service's ingress backend port is its Service's port named http, which targets the routes.json port
    for (const [svc, { port }] of Object.entries(routes.services)) {
      const dep = objs.find((o) => o.kind === 'Deployment' && o.metadata.name === svc);
      assert.equal(dep?.spec.template.spec.containers[0].ports[0].containerPort, port, `${env}: ${svc} port`);
    }
  }
  for (const i of builds.get('overlays-prod')!.filter((o) => o.kind === 'Ingress'))
    assert.ok(i.spec.tls?.length, `prod: ${i.metadata.name} has TLS`);
});

test('the Ingress check fails when a prefix is missing, extra or misrouted', () => {
  const objs = builds.get('overlays-dev') ?? [];
  const fewer: Routes = structuredClone(routes);
  fewer.services.billing.prefixes.push('invoices'); // the table wants a path the Ingress lacks
  assert.match(ingressProblems(objs, fewer).join('\n'), /\/api\/invoices/);
  const less: Routes = structuredClone(routes);
  less.services.orders.prefixes = less.services.orders.prefixes.filter((p) => p !== 'metrc');
  assert.match(ingressProblems(objs, less).join('\n'), /\/api\/metrc .* not in routes.json/);
  const moved = structuredClone(objs);
  const ing = moved.find((o) => o.kind === 'Ingress' && o.metadata.name === 'portal')!;
  ing.spec.rules[0].http.paths.find((p: Obj) => p.path === '/api/email').backend.service.name = 'billing';
  assert.match(ingressProblems(moved, routes).join('\n'), /\/api\/email -> billing/);
  // the Exact path routing owns inside orders' prefix must be in the ingress too
  const noExact: Routes = structuredClone(routes);
  delete noExact.services.routing.exact;
  assert.match(ingressProblems(objs, noExact).join('\n'), /=\/api\/orders\/schedule .* not in routes.json/);
  const wrongExact = structuredClone(objs);
  wrongExact
    .find((o) => o.kind === 'Ingress' && o.metadata.name === 'portal')!
    .spec.rules[0].http.paths.find((p: Obj) => p.path === '/api/orders/schedule').backend.service.name =
    'orders';
  assert.match(ingressProblems(wrongExact, routes).join('\n'), /=\/api\/orders\/schedule -> orders/);
});

test('every Deployment is non-root with a read-only root fs, probes and requests/limits', () => {
  let count = 0;
  for (const [name, objs] of builds) {
    for (const d of objs.filter((o) => o.kind === 'Deployment')) {
      count++;
      assert.deepEqual(deploymentProblems(d), [], name);
    }
  }
  assert.ok(count >= 12, `checked ${count} Deployments`);
  // and the check bites
  const d = structuredClone(
    builds.get('domains-orders')!.find((o) => o.kind === 'Deployment' && o.metadata.name === 'orders')!,
  );
  delete d.spec.template.spec.containers[0].securityContext.readOnlyRootFilesystem;
  delete d.spec.template.spec.containers[0].readinessProbe;
  d.spec.template.spec.containers[0].resources.limits = {};
  assert.deepEqual(deploymentProblems(d), [
    'orders: orders readOnlyRootFilesystem',
    'orders: orders readinessProbe',
    'orders: orders readiness /readyz',
    'orders: orders resources.limits.cpu',
    'orders: orders resources.limits.memory',
  ]);
});

test('each domain bundles exactly its service and micro-frontend', () => {
  for (const svc of Object.keys(routes.services)) {
    const domain = domainOf[svc] ?? svc;
    const objs = builds.get(`domains-${domain}`) ?? [];
    const deployments = objs
      .filter((o) => o.kind === 'Deployment')
      .map((o) => o.metadata.name)
      .sort();
    assert.deepEqual(deployments, [svc, mfeOfDomain[domain]].filter(Boolean).sort(), domain);
    for (const o of objs)
      assert.equal(o.metadata.labels?.['portal/domain'], domain, `${domain}: ${o.kind} ${o.metadata.name}`);
  }
  const mfes = Object.values(mfeOfDomain)
    .map((m) => m!.replace(/^mfe-/, ''))
    .sort();
  assert.deepEqual([...routes.mfes].sort(), mfes, 'every MFE of routes.json belongs to a domain');
});

test('services get the shared ConfigMap and Secret refs; every referenced ConfigMap is in the build', () => {
  for (const env of ['dev', 'prod']) {
    const objs = builds.get(`overlays-${env}`)!;
    const configMaps = new Set(objs.filter((o) => o.kind === 'ConfigMap').map((o) => o.metadata.name));
    for (const d of objs.filter((o) => o.kind === 'Deployment')) {
      const pod = d.spec.template.spec;
      for (const c of pod.containers)
        for (const ref of c.envFrom ?? [])
          if (ref.configMapRef)
            assert.ok(configMaps.has(ref.configMapRef.name), `${env}: ${ref.configMapRef.name}`);
      for (const v of pod.volumes ?? [])
        if (v.configMap) assert.ok(configMaps.has(v.configMap.name), `${env}: ${v.configMap.name}`);
    }
    for (const svc of Object.keys(routes.services)) {
      const c = objs.find((o) => o.kind === 'Deployment' && o.metadata.name === svc)!.spec.template.spec
        .containers[0];
      assert.ok(
        c.envFrom.some((e: Obj) => e.configMapRef?.name === 'portal-platform'),
        `${svc} portal-platform`,
      );
      const secretKeys = c.env
        .filter((e: Obj) => e.valueFrom?.secretKeyRef?.name === 'portal-secrets')
        .map((e: Obj) => e.name);
      for (const k of ['MONGO_URL', 'REDIS_URL', 'KEYCLOAK_SERVICE_CLIENT_SECRET'])
        assert.ok(secretKeys.includes(k), `${env}: ${svc} ${k} from portal-secrets`);
      // the object store's endpoint and credentials travel together in portal-s3, read last (it wins)
      assert.equal(c.envFrom.at(-1)?.secretRef?.name, 'portal-s3', `${env}: ${svc} envFrom portal-s3`);
      assert.ok(!c.env.some((e: Obj) => /^S3_/.test(e.name)), `${env}: ${svc} no S3_* beside portal-s3`);
      // the image runs compiled JavaScript: no startup slack for a compiler at start
      assert.equal(c.startupProbe, undefined, `${env}: ${svc} has no startupProbe`);
    }
    const platform = objs.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'portal-platform')!;
    assert.ok(!Object.keys(platform.data).some((k) => /^S3_/.test(k)), `${env}: no S3_* in portal-platform`);
    for (const k of [
      'NATS_URL',
      'KEYCLOAK_URL',
      'KEYCLOAK_ISSUER',
      'SMTP_HOST',
      'OTEL_EXPORTER_OTLP_ENDPOINT',
      'APP_URL',
    ])
      assert.ok(platform.data[k], `${env}: portal-platform ${k}`);
  }
  // dev generates its Secret (dev-only values); prod must not carry one in git
  assert.ok(
    builds.get('overlays-dev')!.some((o) => o.kind === 'Secret' && o.metadata.name === 'portal-secrets'),
  );
  assert.ok(!builds.get('overlays-prod')!.some((o) => o.kind === 'Secret'), 'no Secret in prod');
});

test("the shell's remote manifest is a mounted ConfigMap listing every MFE", () => {
  const objs = builds.get('domains-shell')!;
  const shell = objs.find((o) => o.kind === 'Deployment' && o.metadata.name === 'shell')!;
  const vol = shell.spec.template.spec.volumes.find((v: Obj) => v.configMap);
  const mount = shell.spec.template.spec.containers[0].volumeMounts.find((m: Obj) => m.name === vol.name);
  assert.equal(mount.mountPath, '/etc/portal/remotes');
  const cm = objs.find((o) => o.kind === 'ConfigMap' && o.metadata.name === vol.configMap.name)!;
  const remotes = JSON.parse(cm.data['remotes.json']);
  assert.deepEqual(remotes, Object.fromEntries(routes.mfes.map((m) => [m, `/mfe/${m}/remoteEntry.js`])));
  assert.match(
    readFileSync(join(root, 'deploy/docker/nginx/shell.conf'), 'utf8'),
    /root \/etc\/portal\/remotes;/,
  );
});

test.after(() => rmSync(out, { recursive: true, force: true }));

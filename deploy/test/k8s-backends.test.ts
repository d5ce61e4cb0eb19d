// The backends the manifests run themselves (docs/decisions/024): a 3-node NATS JetStream cluster whose streams are
// replicated 3 times, Redis with Sentinel failover and AOF behind an HAProxy on the master, Keycloak through its
// operator with its own replicated PostgreSQL and the portal realm, every credential from the secret store, and a
// disruption budget for everything that runs. Checked on the built overlays, offline; the CRD schemas are shown to
// reject a broken resource. Run: node --import tsx --test deploy/test/k8s-backends.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, stringify } from 'yaml';
import { EnvSchema } from '../../services/kit/src/env.ts';

type Obj = Record<string, any>;
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const k8s = join(root, 'deploy/k8s');
const tools = process.env.K8S_TOOLS_CACHE ?? join(root, 'deploy/local/.cache/k8s-tools');
const bin = (t: string) => join(tools, 'bin', t);

function build(dir: string): Obj[] {
  if (!existsSync(bin('kustomize')) || !existsSync(bin('kubeconform'))) {
    const r = spawnSync('bash', [join(k8s, 'validate.sh'), '--install-only'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  }
  const r = spawnSync(bin('kustomize'), ['build', join(k8s, dir)], { encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, r.stderr);
  return parseAllDocuments(r.stdout)
    .map((d) => d.toJS() as Obj)
    .filter(Boolean);
}
const prod = build('overlays/prod');
const dev = build('overlays/dev');
const find = (objs: Obj[], kind: string, name: string) =>
  objs.find((o) => o.kind === kind && o.metadata.name === name)!;
const configOf = (objs: Obj[], name: string, key: string) =>
  String(objs.find((o) => o.kind === 'ConfigMap' && o.metadata.name.startsWith(name))!.data[key]);

test('NATS: a 3-node JetStream cluster on its own volumes, every node routing to every node', () => {
  for (const objs of [prod, dev]) {
    const sts = find(objs, 'StatefulSet', 'nats');
    assert.equal(sts.spec.replicas, 3);
    assert.equal(sts.spec.podManagementPolicy, 'Parallel', 'the nodes start together to elect a leader');
    const conf = configOf(objs, 'nats-config', 'nats.conf');
    assert.match(conf, /jetstream \{[^}]*store_dir: \/data/);
    const data = sts.spec.template.spec.containers[0].volumeMounts.find((m: Obj) => m.mountPath === '/data');
    assert.ok(
      sts.spec.volumeClaimTemplates.some((v: Obj) => v.metadata.name === data.name),
      'the JetStream store is a PVC',
    );
    const routes = [...conf.matchAll(/nats:\/\/(nats-\d)\.nats-headless:6222/g)].map((m) => m[1]);
    assert.deepEqual(routes, ['nats-0', 'nats-1', 'nats-2']);
    assert.equal(find(objs, 'Service', 'nats-headless').spec.publishNotReadyAddresses, true);
    assert.match(conf, /include \.\/accounts\/accounts\.conf/);
    const mounts = sts.spec.template.spec.volumes.map((v: Obj) => v.configMap?.name);
    assert.ok(mounts.includes('portal-nats-users'), 'the per-service users of base/platform');
    assert.equal(find(objs, 'PodDisruptionBudget', 'nats').spec.maxUnavailable, 1, 'quorum kept in drains');
  }
  // the image is the release validate.sh checks the config with
  const pinned = /NATS_VERSION=v(\S+)/.exec(readFileSync(join(k8s, 'validate.sh'), 'utf8'))![1];
  assert.equal(
    find(prod, 'StatefulSet', 'nats').spec.template.spec.containers[0].image,
    `nats:${pinned}-alpine`,
  );
});

test('NATS: every service creates its streams at replication 3 and connects to the cluster', () => {
  // the kit creates (and updates) every stream with STREAM_REPLICAS copies
  assert.ok('STREAM_REPLICAS' in EnvSchema.properties);
  for (const objs of [prod, dev]) {
    const platform = find(objs, 'ConfigMap', 'portal-platform').data;
    assert.equal(platform.STREAM_REPLICAS, '3');
    assert.equal(platform.NATS_URL, 'nats://nats:4222');
    assert.equal(find(objs, 'Service', 'nats').spec.selector['app.kubernetes.io/name'], 'nats');
  }
});

test('Redis: three nodes with Sentinels, AOF on a volume, one Service on the current master', () => {
  for (const objs of [prod, dev]) {
    const sts = find(objs, 'StatefulSet', 'redis');
    assert.equal(sts.spec.replicas, 3);
    const names = sts.spec.template.spec.containers.map((c: Obj) => c.name);
    assert.deepEqual(names, ['redis', 'sentinel']);
    assert.ok(sts.spec.volumeClaimTemplates.some((v: Obj) => v.metadata.name === 'data'));
    const init = configOf(objs, 'redis-scripts', 'init.sh');
    assert.match(init, /^appendonly yes$/m);
    assert.match(init, /^appendfsync everysec$/m);
    assert.match(init, /sentinel monitor portal \$\{master\} 6379 2/, 'a quorum of two Sentinels');
    assert.match(init, /get-master-addr-by-name portal/, 'a restarted node asks who the master is');
    // the services' REDIS_URL host is the Service in front of HAProxy, which follows role:master
    assert.equal(find(objs, 'Service', 'redis').spec.selector['app.kubernetes.io/name'], 'redis-haproxy');
    const haproxy = configOf(objs, 'redis-haproxy', 'haproxy.cfg');
    assert.match(haproxy, /tcp-check expect string role:master/);
    assert.match(haproxy, /on-marked-down shutdown-sessions/);
    for (const i of [0, 1, 2])
      assert.match(haproxy, new RegExp(`server redis-${i} "redis-${i}\\.redis-headless`));
    assert.equal(find(objs, 'Deployment', 'redis-haproxy').spec.replicas, 2);
  }
  // dev's REDIS_URL carries the password the Redis nodes require (the kit refuses one without in production)
  const devSecrets = find(dev, 'Secret', 'portal-secrets');
  const url = Buffer.from(devSecrets.data.REDIS_URL, 'base64').toString();
  const pw = Buffer.from(find(dev, 'Secret', 'portal-redis').data.password, 'base64').toString();
  assert.equal(url, `redis://:${pw}@redis:6379`);
});

const localRealm = JSON.parse(readFileSync(join(root, 'deploy/local/keycloak/realm-portal.json'), 'utf8'));
const clientShape = (c: Obj) => ({
  clientId: c.clientId,
  enabled: c.enabled,
  publicClient: c.publicClient,
  serviceAccountsEnabled: c.serviceAccountsEnabled,
  defaultClientScopes: c.defaultClientScopes,
  protocolMappers: c.protocolMappers,
  pkce: c.attributes?.['pkce.code.challenge.method'],
});

test('Keycloak: operator CRs, 2 instances on a 3-instance PostgreSQL, the portal realm as the suites run it', () => {
  const kc = find(prod, 'Keycloak', 'keycloak');
  assert.ok(kc.spec.instances >= 2);
  assert.equal(kc.spec.hostname.hostname, 'https://portal.example.com/auth');
  assert.ok(
    kc.spec.additionalOptions.some((o: Obj) => o.name === 'http-relative-path' && o.value === '/auth'),
  );
  const db = find(prod, 'Cluster', 'portal-keycloak-db');
  assert.equal(kc.spec.db.host, `${db.metadata.name}-rw`, 'Keycloak writes to the primary');
  assert.equal(kc.spec.db.passwordSecret.name, `${db.metadata.name}-app`, 'the operator-written credentials');
  assert.equal(db.spec.instances, 3);
  assert.equal(db.spec.enablePDB, true, 'CloudNativePG keeps its own disruption budgets');
  // the Service the Ingress and KEYCLOAK_URL name selects the operator's pods
  const svc = find(prod, 'Service', 'keycloak');
  assert.deepEqual(svc.spec.selector, { app: 'keycloak', 'app.kubernetes.io/instance': kc.metadata.name });
  assert.deepEqual(
    find(prod, 'PodDisruptionBudget', 'keycloak').spec.selector.matchLabels,
    svc.spec.selector,
  );

  // the operator sets no security context; the namespace enforces the restricted Pod Security Standard
  const tpl = kc.spec.unsupported.podTemplate.spec;
  assert.deepEqual(tpl.securityContext, { runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
  assert.deepEqual(tpl.containers[0].securityContext, {
    allowPrivilegeEscalation: false,
    capabilities: { drop: ['ALL'] },
  });

  const imp = find(prod, 'KeycloakRealmImport', 'portal-realm');
  assert.equal(imp.spec.keycloakCRName, kc.metadata.name);
  const realm = imp.spec.realm;
  assert.equal(realm.realm, localRealm.realm);
  assert.deepEqual(realm.roles, localRealm.roles);
  assert.deepEqual(realm.groups, localRealm.groups);
  // the local realm's test client is the one client production has not (k8s-realm.test.ts)
  const localClients = localRealm.clients.filter((c: Obj) => c.clientId !== 'portal-tests');
  assert.deepEqual(realm.clients.map(clientShape), localClients.map(clientShape));
  assert.equal(realm.sslRequired, 'external');
  // no demo user, only the service account with its admin-API roles
  assert.deepEqual(
    realm.users.map((u: Obj) => u.username),
    ['service-account-portal-services'],
  );
  const web = realm.clients.find((c: Obj) => c.clientId === 'portal-web');
  assert.deepEqual(web.redirectUris, [
    'https://portal.example.com/',
    'https://portal.example.com/silent-check-sso.html',
  ]);
  assert.deepEqual(web.webOrigins, ['https://portal.example.com']);
  // the service client's secret is the services' own, filled in at import: never a literal
  const services = realm.clients.find((c: Obj) => c.clientId === 'portal-services');
  assert.equal(services.secret, '${KEYCLOAK_SERVICE_CLIENT_SECRET}');
  assert.deepEqual(imp.spec.placeholders.KEYCLOAK_SERVICE_CLIENT_SECRET.secret, {
    name: 'portal-secrets',
    key: 'KEYCLOAK_SERVICE_CLIENT_SECRET',
  });
  const check = realm.clients.find((c: Obj) => c.clientId === 'portal-password-check');
  assert.equal(check.secret, '${KEYCLOAK_PASSWORD_CHECK_CLIENT_SECRET}');
  assert.deepEqual(imp.spec.placeholders.KEYCLOAK_PASSWORD_CHECK_CLIENT_SECRET.secret, {
    name: 'portal-secrets',
    key: 'KEYCLOAK_PASSWORD_CHECK_CLIENT_SECRET',
  });
  // the password check's flow is the local realm's, and its client binds it by the same id
  const localCheck = localRealm.clients.find((c: Obj) => c.clientId === 'portal-password-check');
  assert.deepEqual(check.authenticationFlowBindingOverrides, localCheck.authenticationFlowBindingOverrides);
  const flowOf = (r: Obj) => r.authenticationFlows.find((f: Obj) => f.alias === 'portal password check');
  assert.deepEqual(flowOf(realm), flowOf(localRealm));
  const devWeb = find(dev, 'KeycloakRealmImport', 'portal-realm').spec.realm.clients[0];
  assert.deepEqual(devWeb.redirectUris, [
    'http://portal-dev.example.com/',
    'http://portal-dev.example.com/silent-check-sso.html',
  ]);
});

test('the object store and every other credential come from the secret store (prod) as ExternalSecrets', () => {
  const ext = prod.filter((o) => o.kind === 'ExternalSecret');
  const s3 = ext.find((o) => o.spec.target.name === 'portal-s3')!;
  assert.deepEqual(s3.spec.data.map((d: Obj) => d.secretKey).sort(), [
    'S3_ACCESS_KEY',
    'S3_ENDPOINT',
    'S3_PORT',
    'S3_PUBLIC_URL',
    'S3_REGION',
    'S3_SECRET_KEY',
    'S3_USE_SSL',
  ]);
  // every Secret a pod of prod reads is written by one of them
  const written = new Set(ext.map((o) => o.spec.target.name));
  const read = new Set<string>();
  const walk = (v: unknown, key = '') => {
    if (Array.isArray(v)) v.forEach((x) => walk(x));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        if ((k === 'secretKeyRef' || k === 'secretRef') && (x as Obj).name) read.add((x as Obj).name);
        else walk(x, k);
      }
    return key;
  };
  for (const o of prod.filter((o) => ['Deployment', 'StatefulSet'].includes(o.kind))) walk(o.spec.template);
  for (const name of read) assert.ok(written.has(name), `Secret ${name} comes from the secret store`);
  for (const o of ext) {
    assert.equal(o.spec.secretStoreRef.kind, 'ClusterSecretStore');
    for (const d of o.spec.data)
      assert.ok(d.remoteRef.key && !('value' in d), `${o.metadata.name}: a reference`);
  }
});

test('the StatefulSets meet the restricted Pod Security Standard, init containers included', () => {
  const sets = prod.filter((o) => o.kind === 'StatefulSet');
  assert.deepEqual(sets.map((o) => o.metadata.name).sort(), ['nats', 'redis']);
  for (const o of sets) {
    const pod = o.spec.template.spec;
    assert.equal(pod.securityContext.runAsNonRoot, true, o.metadata.name);
    assert.equal(pod.securityContext.seccompProfile.type, 'RuntimeDefault', o.metadata.name);
    for (const c of [...(pod.initContainers ?? []), ...pod.containers]) {
      const what = `${o.metadata.name}/${c.name}`;
      assert.equal(c.securityContext.allowPrivilegeEscalation, false, what);
      assert.deepEqual(c.securityContext.capabilities.drop, ['ALL'], what);
      assert.equal(c.securityContext.readOnlyRootFilesystem, true, what);
      for (const k of ['requests', 'limits'])
        for (const r of ['cpu', 'memory']) assert.ok(c.resources[k][r], `${what} ${k}.${r}`);
    }
  }
});

test('every Deployment and StatefulSet has a disruption budget, and operator-run pods too', () => {
  for (const [env, objs] of [
    ['prod', prod],
    ['dev', dev],
  ] as const) {
    const pdbs = objs.filter((o) => o.kind === 'PodDisruptionBudget');
    const covered = (labels: Obj) =>
      pdbs.some((p) => Object.entries(p.spec.selector.matchLabels).every(([k, v]) => labels[k] === v));
    const workloads = objs.filter((o) => ['Deployment', 'StatefulSet'].includes(o.kind));
    assert.ok(workloads.length >= 16, `${env}: ${workloads.length} workloads`);
    for (const w of workloads)
      assert.ok(covered(w.spec.template.metadata.labels), `${env}: ${w.kind} ${w.metadata.name} has a PDB`);
    for (const p of pdbs)
      assert.ok(p.spec.maxUnavailable === 1 || p.spec.minAvailable === 1, `${env}: ${p.metadata.name}`);
    // the operators' pods, by the labels those operators set
    assert.ok(covered({ app: 'portal-mongodb-svc' }), `${env}: MongoDB`);
    assert.ok(covered({ app: 'keycloak', 'app.kubernetes.io/instance': 'keycloak' }), `${env}: Keycloak`);
  }
});

test('the shipped CRD schemas reject a broken custom resource (kubeconform -strict)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'k8s-crs-'));
  const schemas = join(tools, 'pyschemas/kubernetes_validate/kubernetes-json-schema');
  const check = (doc: Obj) => {
    const file = join(dir, 'cr.yaml');
    writeFileSync(file, stringify(doc));
    const args = ['-strict', '-summary', '-kubernetes-version', '1.33.0', '-schema-location'];
    args.push(
      `${schemas}/{{ .NormalizedKubernetesVersion }}-local{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json`,
    );
    for (const c of ['keycloak', 'external-secrets'])
      args.push(
        '-schema-location',
        join(k8s, 'components', c, 'schemas/{{ .ResourceKind }}{{ .KindSuffix }}.json'),
      );
    return spawnSync(bin('kubeconform'), [...args, file], { encoding: 'utf8' }).stdout;
  };
  const breakers: [string, string, (o: Obj) => void][] = [
    ['Keycloak', 'keycloak', (o) => (o.spec.hostname.hostnme = o.spec.hostname.hostname)],
    ['Keycloak', 'keycloak', (o) => (o.spec.instances = 'two')],
    ['KeycloakRealmImport', 'portal-realm', (o) => (o.spec.keycloakCRNam = 'keycloak')],
    ['Cluster', 'portal-keycloak-db', (o) => (o.spec.storage.sizee = '10Gi')],
    ['Cluster', 'portal-keycloak-db', (o) => (o.spec.instances = 'three')],
    ['ExternalSecret', 'portal-s3', (o) => (o.spec.data[0].remoteRef.keyy = 'x')],
  ];
  for (const [kind, name, breakIt] of breakers) {
    const good = find(prod, kind, name);
    assert.match(check(good), /Valid: 1, Invalid: 0, Errors: 0, Skipped: 0/, `${kind} valid`);
    const bad = structuredClone(good);
    breakIt(bad);
    assert.match(check(bad), /Invalid: 1/, `${kind} broken: ${breakIt}`);
  }
});

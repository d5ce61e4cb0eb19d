// The production database component (deploy/k8s/components/mongodb, docs/DATA.md §1), built into the prod overlay
// and checked offline: a 3-member SCRAM replica set whose one user can only read/write the service databases,
// resources and storage set, a disruption budget keeping the majority, no Secret in git, and the component's
// CRD schema really rejecting a broken resource (kubeconform, as validate.sh runs it).
// Run: node --import tsx --test deploy/test/k8s-mongodb.test.ts (needs the tools validate.sh installs)
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments, stringify } from 'yaml';

type Obj = Record<string, any>;
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const tools = join(root, 'deploy/local/.cache/k8s-tools');
const bin = (t: string) => join(tools, 'bin', t);
const SERVICE_DBS = ['accounts', 'orders', 'routing', 'fleet', 'billing', 'notifications'].map(
  (s) => `portal_${s}`,
);
let prod: Obj[] = [];
let db: Obj;

before(() => {
  if (!existsSync(bin('kustomize')) || !existsSync(bin('kubeconform')))
    execFileSync('bash', [join(root, 'deploy/k8s/validate.sh'), '--install-only'], { stdio: 'inherit' });
  const out = execFileSync(bin('kustomize'), ['build', join(root, 'deploy/k8s/overlays/prod')], {
    encoding: 'utf8',
    maxBuffer: 64 << 20,
  });
  prod = parseAllDocuments(out)
    .map((d) => d.toJS() as Obj)
    .filter(Boolean);
  db = prod.find((o) => o.kind === 'MongoDBCommunity')!;
});

test('prod runs a 3-member MongoDB 7 replica set with SCRAM, in the portal namespace', () => {
  assert.ok(db, 'a MongoDBCommunity in the prod build');
  assert.equal(db.metadata.namespace, 'portal');
  assert.equal(db.spec.type, 'ReplicaSet');
  assert.ok(db.spec.members >= 3 && db.spec.members % 2 === 1, 'an odd number of at least 3 voting members');
  assert.match(db.spec.version, /^7\.0\.\d+$/);
  assert.deepEqual(db.spec.security.authentication.modes, ['SCRAM']);
});

test('its one user may only read/write the six service databases (no admin or cluster role)', () => {
  assert.equal(db.spec.users.length, 1);
  const [user] = db.spec.users;
  assert.equal(user.passwordSecretRef.name, 'portal-mongodb-password');
  assert.deepEqual(
    user.roles.map((r: Obj) => r.name),
    SERVICE_DBS.map(() => 'readWrite'),
  );
  assert.deepEqual(user.roles.map((r: Obj) => r.db).sort(), [...SERVICE_DBS].sort());
  assert.ok(
    !prod.some((o) => o.kind === 'Secret'),
    'no Secret in git (the password comes from the secret store)',
  );
});

test('mongod has requests/limits and persistent storage; a PDB keeps the majority during drains', () => {
  const pod = db.spec.statefulSet.spec.template.spec;
  const mongod = pod.containers.find((c: Obj) => c.name === 'mongod');
  for (const kind of ['requests', 'limits'])
    for (const res of ['cpu', 'memory']) assert.ok(mongod.resources[kind][res], `mongod ${kind}.${res}`);
  const data = db.spec.statefulSet.spec.volumeClaimTemplates.find(
    (v: Obj) => v.metadata.name === 'data-volume',
  );
  assert.ok(data?.spec.resources.requests.storage, 'data volume size');
  const pdb = prod.find((o) => o.kind === 'PodDisruptionBudget' && o.metadata.name === 'portal-mongodb')!;
  assert.equal(pdb.spec.maxUnavailable, 1);
  assert.equal(pdb.spec.selector.matchLabels.app, `${db.metadata.name}-svc`);
});

test("the component's CRD schema rejects a broken MongoDBCommunity (kubeconform -strict)", () => {
  const dir = mkdtempSync(join(tmpdir(), 'k8s-mongodb-'));
  const check = (doc: Obj) => {
    const file = join(dir, 'db.yaml');
    writeFileSync(file, stringify(doc));
    const schemas = join(tools, 'pyschemas/kubernetes_validate/kubernetes-json-schema');
    return spawnSync(
      bin('kubeconform'),
      [
        '-strict',
        '-summary',
        '-kubernetes-version',
        '1.33.0',
        '-schema-location',
        `${schemas}/{{ .NormalizedKubernetesVersion }}-local{{ .StrictSuffix }}/{{ .ResourceKind }}{{ .KindSuffix }}.json`,
        '-schema-location',
        join(root, 'deploy/k8s/components/mongodb/schemas/{{ .ResourceKind }}{{ .KindSuffix }}.json'),
        file,
      ],
      { encoding: 'utf8' },
    ).stdout;
  };
  assert.match(check(db), /Valid: 1, Invalid: 0, Errors: 0, Skipped: 0/);
  const bad = structuredClone(db);
  bad.spec.members = 'three';
  bad.spec.users[0].rolez = bad.spec.users[0].roles;
  assert.match(check(bad), /Invalid: 1/);
});

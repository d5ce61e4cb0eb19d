// Regenerates the JSON schemas kubeconform checks custom resources against (components/<name>/schemas/), from the
// CRDs of the pinned operator releases, fetched through the Go module proxy (`go mod download`). Each schema is
// the CRD's openAPIV3Schema with descriptions dropped and every object closed (additionalProperties: false unless
// the CRD keeps unknown fields), so `kubeconform -strict` rejects a misspelt field as the API server would.
// Run: node deploy/k8s/crd-schemas.mjs   (then commit the changed files; validate.sh itself never fetches them)
// The Keycloak operator's CRDs are not published to a registry this repo may use: components/keycloak/schemas
// are written by hand from the operator's CRD (see their description).
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
const CRDS = [
  {
    module: 'github.com/cloudnative-pg/cloudnative-pg@v1.27.1',
    file: 'config/crd/bases/postgresql.cnpg.io_clusters.yaml',
    version: 'v1',
    out: 'components/keycloak/schemas/cluster-postgresql-v1.json',
  },
  {
    module: 'github.com/external-secrets/external-secrets@v1.3.2',
    file: 'config/crds/bases/external-secrets.io_externalsecrets.yaml',
    version: 'v1',
    out: 'components/external-secrets/schemas/externalsecret-external-secrets-v1.json',
  },
];

/** The CRD schema as kubeconform -strict reads it: no descriptions, closed objects. */
export function strictSchema(node) {
  if (Array.isArray(node)) return node.map(strictSchema);
  if (!node || typeof node !== 'object') return node;
  const out = {};
  for (const [k, v] of Object.entries(node)) if (k !== 'description') out[k] = strictSchema(v);
  if (out.type === 'object' && out.properties && !('additionalProperties' in out))
    if (!out['x-kubernetes-preserve-unknown-fields']) out.additionalProperties = false;
  return out;
}

for (const c of CRDS) {
  const info = JSON.parse(execFileSync('go', ['mod', 'download', '-json', c.module], { encoding: 'utf8' }));
  const crd = parse(readFileSync(join(info.Dir, c.file), 'utf8'));
  const ver = crd.spec.versions.find((v) => v.name === c.version);
  const schema = strictSchema(ver.schema.openAPIV3Schema);
  schema.properties.metadata = { type: 'object' };
  const doc = {
    $comment: `${crd.spec.names.kind} ${crd.spec.group}/${c.version} from ${c.module} ${c.file} (crd-schemas.mjs)`,
    ...schema,
  };
  writeFileSync(join(here, c.out), `${JSON.stringify(doc)}\n`);
  console.log(`${c.out}: ${crd.spec.names.kind} ${c.version}`);
}
// in the repo's one format (the static suite checks every file), which also keeps a regeneration's diff readable
execFileSync('npx', ['prettier', '--write', ...CRDS.map((c) => join(here, c.out))], { stdio: 'inherit' });

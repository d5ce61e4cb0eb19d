// `kustomize build` of a kustomization under deploy/k8s, for the suites that check the built manifests offline
// (validate.sh installs kustomize once into the k8s tools cache).
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

export type Obj = Record<string, any>;
const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const k8s = join(root, 'deploy/k8s');
const kustomize = join(
  process.env.K8S_TOOLS_CACHE ?? join(root, 'deploy/local/.cache/k8s-tools'),
  'bin',
  'kustomize',
);

/** The built YAML of `deploy/k8s/<path>` (e.g. `overlays/prod`) and its objects. */
export function buildK8s(path: string): { text: string; objs: Obj[] } {
  if (!existsSync(kustomize)) {
    const r = spawnSync('bash', [join(k8s, 'validate.sh'), '--install-only'], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
  }
  const r = spawnSync(kustomize, ['build', join(k8s, path)], { encoding: 'utf8', maxBuffer: 64 << 20 });
  assert.equal(r.status, 0, r.stderr);
  const objs = parseAllDocuments(r.stdout)
    .map((d) => d.toJS() as Obj)
    .filter(Boolean);
  return { text: r.stdout, objs };
}

// Keycloak's sign-in form has the same per-address limit in production as at the local edge: an Ingress of its own
// (ingress-nginx's limit annotations are per Ingress) on the portal's host, TLS in prod, with the rate and burst of
// services/contracts/src/edge-limits.json — the numbers deploy/local/nginx/sign-in-limit.mjs renders locally.
// Run: node --import tsx --test deploy/test/k8s-sign-in-limit.test.ts
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildK8s, type Obj } from './kustomize-build.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const limits = JSON.parse(readFileSync(join(root, 'services/contracts/src/edge-limits.json'), 'utf8')) as {
  signInFormPerMinute: number;
  signInFormBurst: number;
};

const ingresses = (overlay: string): Obj[] => buildK8s(overlay).objs.filter((o) => o.kind === 'Ingress');

for (const overlay of ['prod', 'dev']) {
  test(`${overlay}: the sign-in form is limited per address as locally, on the portal's host`, () => {
    const all = ingresses(`overlays/${overlay}`);
    const portal = all.find((o) => o.metadata.name === 'portal')!;
    const form = all.find((o) => o.metadata.name === 'keycloak-sign-in');
    assert.ok(form, 'an Ingress for the sign-in form');
    const ann = form.metadata.annotations ?? {};
    const rpm = Number(ann['nginx.ingress.kubernetes.io/limit-rpm']);
    assert.equal(rpm, limits.signInFormPerMinute, 'the rate of edge-limits.json');
    assert.equal(
      rpm * Number(ann['nginx.ingress.kubernetes.io/limit-burst-multiplier']),
      limits.signInFormBurst,
    );
    const [rule] = form.spec.rules;
    assert.equal(rule.host, portal.spec.rules[0].host, 'the same host as the portal');
    assert.equal(form.spec.ingressClassName, portal.spec.ingressClassName);
    assert.deepEqual(rule.http.paths, [
      {
        path: '/auth/realms/portal/login-actions/authenticate',
        pathType: 'Exact',
        backend: { service: { name: 'keycloak', port: { number: 8080 } } },
      },
    ]);
    if (overlay === 'prod') {
      assert.deepEqual(form.spec.tls, portal.spec.tls, 'TLS as the portal');
      assert.equal(ann['nginx.ingress.kubernetes.io/ssl-redirect'], 'true');
    }
  });
}

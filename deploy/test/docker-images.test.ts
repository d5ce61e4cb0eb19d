// The two image recipes (deploy/docker: service, web): one per kind with the workspace as a build argument, each
// keeping its hardening (non-root, only what runs reaches the runtime stage, the web image's brotli and gzip files).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

test('one image recipe per kind, the workspace chosen by a build arg', () => {
  const service = readFileSync(join(root, 'deploy/docker/service.Dockerfile'), 'utf8');
  assert.match(service, /^ARG WORKSPACE$/m, 'no default: a build names its workspace');
  assert.match(service, /^FROM \$\{NODE_IMAGE\}$/m);
  assert.match(service, /^ARG NODE_IMAGE=node:24-bookworm-slim$/m);
  assert.match(service, /npm ci --omit=dev -w "\$\{WORKSPACE\}" --include-workspace-root=false/);
  assert.match(service, /^USER 10001:10001$/m);
  // the image runs the built JavaScript: the tracing preload first, then the service; no TypeScript compiler and no
  // source (test code included) reaches the runtime stage, which takes the dependencies and dist/ only
  assert.match(service, /RUN node scripts\/build-services\.mjs "\$\(basename "\$\{WORKSPACE\}"\)"/);
  assert.match(
    service,
    /CMD \["node", "--max-semi-space-size=8", "--import", "\.\/dist\/telemetry\.js", "dist\/server\.js"\]/,
  );
  assert.match(service, /^ENV .*MALLOC_ARENA_MAX=2 MALLOC_MMAP_THRESHOLD_=32768$/m);
  const runtime = service.slice(service.lastIndexOf('\nFROM '));
  assert.deepEqual(
    [...runtime.matchAll(/^COPY (.*)$/gm)].map((m) => m[1]),
    ['--from=deps /app ./', '--from=build /app/${WORKSPACE}/dist/ ${WORKSPACE}/dist/'],
  );
  assert.doesNotMatch(service, /"tsx"|tsx@/);
  const web = readFileSync(join(root, 'deploy/docker/web.Dockerfile'), 'utf8');
  for (const t of [service, web])
    assert.match(
      t,
      /^# syntax=docker\/dockerfile:1\.7-labs\n/,
      'COPY --exclude needs the labs syntax, on line 1',
    );
  assert.match(web, /^ARG WORKSPACE$/m);
  assert.match(web, /npm run build -w "\$\{WORKSPACE\}"/);
  // an unprivileged nginx with Debian's brotli_static module, sending the build's .br and .gz files
  assert.match(web, /apt-get install .*nginx-light libnginx-mod-http-brotli-static/);
  const nginxConf = readFileSync(join(root, 'deploy/docker/nginx/nginx.conf'), 'utf8');
  for (const d of [
    /^load_module \S+ngx_http_brotli_static_module\.so;$/m,
    /brotli_static on;/,
    /gzip_static on;/,
  ])
    assert.match(nginxConf, d);
  assert.match(nginxConf, /^pid \/tmp\//m, 'writable under a read-only root filesystem');
  assert.match(web, /^USER 10001:10001$/m);
});

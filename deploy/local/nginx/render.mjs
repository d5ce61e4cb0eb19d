#!/usr/bin/env node
// Renders the edge nginx config from the ONE route table, deploy/routes.json (+ shell, MFEs, Keycloak, mailbox).
// Usage: node deploy/local/nginx/render.mjs --out <file> [--prefix <nginx prefix dir>] [--logs <dir>] [--pid <file>]
// Ports come from deploy/local/env.sh variables when set (EDGE_PORT, KEYCLOAK_HTTP_PORT, MAILBOX_HTTP_PORT,
// <SERVICE>_PORT), else from routes.json / the documented defaults.
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, resolve, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { networkInterfaces } from 'node:os';
import { edgeErrorPages, errorLocation, problemJson } from './edge-errors.mjs';
import { signInLimitHttp, signInLimitLocation } from './sign-in-limit.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = resolve(here, '..', '..', '..');
const args = Object.fromEntries(
  process.argv
    .slice(2)
    .reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []),
);
const cache = resolve(here, '..', '.cache');
const out = args.out ?? join(cache, 'nginx', 'nginx.conf');
const logs = args.logs ?? join(cache, 'logs');
const pid = args.pid ?? join(cache, 'run', 'nginx.pid');
const env = process.env;

const routes = JSON.parse(readFileSync(join(repo, 'deploy', 'routes.json'), 'utf8'));
// Body caps shared with the services (the edge refuses what the route would refuse, with a 413 problem,
// instead of proxying it and answering a 502 when the service cuts the upload off).
const limits = JSON.parse(
  readFileSync(join(repo, 'services', 'contracts', 'src', 'edge-limits.json'), 'utf8'),
);
const edgePort = Number(env.EDGE_PORT ?? 8080);
const keycloakPort = Number(env.KEYCLOAK_HTTP_PORT ?? 8180);
const mailboxPort = Number(env.MAILBOX_HTTP_PORT ?? 8025);
const s3Port = Number(env.S3_PORT ?? 9100);
const hasV6 = Object.values(networkInterfaces())
  .flat()
  .some((i) => i && i.family === 'IPv6' && i.address === '::1');
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

// Map tiles from another host (routing's MAP_TILES_URL, e.g. https://{a-c}.tile.example.org/{z}/{x}/{y}.png)
// are images the CSP must allow; a {…} placeholder in the host becomes a wildcard. Unset: the offline basemap only.
const tilesSource = (() => {
  const m = /^(https?):\/\/([^/]+)/.exec(env.MAP_TILES_URL ?? '');
  return m ? ` ${m[1]}://${m[2].replace(/\{[^}]*\}/g, '*')}` : '';
})();

const upstreams = [];
const apiLocations = [];
for (const [name, svc] of Object.entries(routes.services)) {
  const port = Number(env[`${name.toUpperCase()}_PORT`] ?? svc.port);
  if (!Number.isInteger(port)) throw new Error(`routes.json: bad port for ${name}`);
  for (const p of svc.prefixes) if (!/^[a-z0-9-]+$/i.test(p)) throw new Error(`routes.json: bad prefix ${p}`);
  upstreams.push(`  upstream svc_${name} { server 127.0.0.1:${port}; keepalive 64; }`);
  apiLocations.push(
    `    # ${name}: /api/${svc.prefixes.join('|')}\n` +
      `    location ~ ^/api/(${svc.prefixes.join('|')})(/|$) {\n` +
      `      proxy_pass http://svc_${name};\n` +
      `      include ${join(dirname(out), 'proxy_common.conf')};\n` +
      `      proxy_set_header Host $http_host;\n` +
      `      proxy_set_header X-Forwarded-Host $http_host;\n` +
      `      proxy_set_header X-Forwarded-Port $server_port;\n` +
      `    }`,
  );
}

// The public config: read by every page load of every visitor. A 1 s micro-cache for anonymous GETs
// (signed-in callers, e.g. a superadmin who just saved settings, always reach the service, which answers from
// memory with an ETag); one request a second per edge reaches accounts however many visitors come, so the
// public rate limit is never hit by page loads. The service's `Cache-Control: public, no-cache` goes through.
const configLocation = routes.services.accounts
  ? `    location = /api/utils/config {\n` +
    `      proxy_pass http://svc_accounts;\n` +
    `      include ${join(dirname(out), 'proxy_common.conf')};\n` +
    `      proxy_set_header Host $http_host;\n` +
    `      proxy_set_header X-Forwarded-Host $http_host;\n` +
    `      proxy_set_header X-Forwarded-Port $server_port;\n` +
    `      proxy_cache edge_micro;\n` +
    `      proxy_cache_valid 200 1s;\n` +
    `      proxy_ignore_headers Cache-Control Expires Set-Cookie;\n` +
    `      proxy_cache_bypass $http_authorization;\n` +
    `      proxy_no_cache $http_authorization;\n` +
    `      proxy_cache_lock on;\n` +
    `      proxy_cache_use_stale updating error timeout http_502 http_503;\n` +
    `      proxy_cache_background_update on;\n` +
    `    }`
  : '';

// Exact paths a service owns inside another's prefix (routes.json `exact`, e.g. /api/orders/schedule ->
// routing), the live schedule stream (server-sent events: no buffering, no gzip, an hour-long read timeout, HTTP/1.1
// keep-alive to the upstream; an upstream `X-Accel-Buffering: no` is honoured too) and the public schedule search,
// cached here keyed on the full URI for a few seconds so repeated searches never reach routing (the service's
// `Cache-Control: public, max-age=5` sets the time; `X-Cache-Status` says HIT/MISS; a route change shows within it).
const proxyHeaders =
  `      proxy_set_header Host $http_host;\n` +
  `      proxy_set_header X-Forwarded-Host $http_host;\n` +
  `      proxy_set_header X-Forwarded-Port $server_port;\n`;
const exactLocations = Object.entries(routes.services).flatMap(([name, svc]) =>
  (svc.exact ?? []).map((path) => {
    if (!/^\/api\/[a-z0-9/-]+$/i.test(path)) throw new Error(`routes.json: bad exact path ${path}`);
    return (
      `    location = ${path} {\n` +
      `      proxy_pass http://svc_${name};\n` +
      `      include ${join(dirname(out), 'proxy_common.conf')};\n` +
      proxyHeaders +
      `    }`
    );
  }),
);
const dispatchLocations = routes.services.routing
  ? `    location ^~ /api/schedule/live {\n` +
    `      proxy_pass http://svc_routing;\n` +
    `      proxy_http_version 1.1;\n` +
    `      proxy_set_header Connection "";\n` +
    `      proxy_set_header X-Real-IP $remote_addr;\n` +
    `      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n` +
    `      proxy_set_header X-Forwarded-Proto $scheme;\n` +
    proxyHeaders +
    `      proxy_buffering off;\n` +
    `      proxy_cache off;\n` +
    `      gzip off;\n` +
    `      proxy_read_timeout 1h;\n` +
    `      proxy_send_timeout 1h;\n` +
    `    }\n` +
    `    location = /api/schedule/search {\n` +
    `      proxy_pass http://svc_routing;\n` +
    `      include ${join(dirname(out), 'proxy_common.conf')};\n` +
    proxyHeaders +
    `      proxy_cache edge_search;\n` +
    `      proxy_cache_key $request_uri;\n` +
    `      proxy_cache_methods GET HEAD;\n` +
    `      proxy_cache_valid 200 5s;\n` +
    `      proxy_ignore_headers Set-Cookie;\n` +
    `      proxy_cache_lock on;\n` +
    `      proxy_cache_lock_timeout 2s;\n` +
    `      proxy_cache_use_stale updating error timeout http_502 http_503;\n` +
    `      proxy_cache_background_update on;\n` +
    `    }`
  : '';

// Keycloak behind the edge: its own host name and port in what it builds (links, redirects, the issuer)
const keycloakProxy =
  `      proxy_pass http://127.0.0.1:${keycloakPort};\n` +
  `      include ${join(dirname(out), 'proxy_common.conf')};\n` +
  `      proxy_set_header Host localhost:${edgePort};\n` +
  `      proxy_set_header X-Forwarded-Host localhost:${edgePort};\n` +
  `      proxy_set_header X-Forwarded-Port ${edgePort};\n`;

// The upload routes get their own caps (the same numbers as their Fastify bodyLimit) and say them in their words.
function capLocation(path, bodyBytes, name, detail) {
  const service = Object.entries(routes.services).find(([, s]) =>
    s.prefixes.includes(path.split('/')[2]),
  )?.[0];
  if (!service) throw new Error(`routes.json: no service serves ${path}`);
  return (
    `    location = ${path} {\n` +
    `      client_max_body_size ${bodyBytes};\n` +
    `      error_page 413 /__edge_error/${name}-413;\n` +
    `      proxy_pass http://svc_${service};\n` +
    `      include ${join(dirname(out), 'proxy_common.conf')};\n` +
    `      proxy_set_header Host $http_host;\n` +
    `      proxy_set_header X-Forwarded-Host $http_host;\n` +
    `      proxy_set_header X-Forwarded-Port $server_port;\n` +
    `    }\n` +
    errorLocation(`${name}-413`, 413, 'Payload Too Large', detail)
  );
}
const mb = (bytes) => bytes / 1024 / 1024;
const uploadLocation =
  capLocation(
    limits.uploadPath,
    limits.uploadBodyBytes,
    'upload',
    `The file is limited to ${mb(limits.uploadFileBytes)} MB.`,
  ) +
  '\n' +
  capLocation(
    limits.bulkPath,
    limits.bulkBodyBytes,
    'bulk',
    `Unable to process spreadsheet: the file is larger than ${mb(limits.bulkFileBytes)} MB; split it into smaller files.`,
  ) +
  '\n' +
  // The manifest upload, in the route's words (contracts ManifestMessages.tooLarge)
  capLocation(
    limits.manifestPath,
    limits.manifestBodyBytes,
    'manifest',
    `The manifest is larger than ${mb(limits.manifestFileBytes)} MB.`,
  );

// "Download Template" (orders §7: a static file under /static/media/{file}, default Template.xlsx) is generated by
// the orders service, so the spec's address reaches it.
const templateLocation = routes.services.orders
  ? `    location = /static/media/Template.xlsx {\n` +
    `      proxy_pass http://svc_orders/api/orders/template.xlsx;\n` +
    `      include ${join(dirname(out), 'proxy_common.conf')};\n` +
    `      proxy_set_header Host $http_host;\n` +
    `    }`
  : '';

const mfeLocations = routes.mfes.map((m) => {
  if (!/^[a-z0-9-]+$/.test(m)) throw new Error(`routes.json: bad mfe ${m}`);
  const dist = join(repo, `mfe-${m}`, 'dist');
  return (
    // Cache-Control comes from the $asset_cache map (an add_header here would drop the server's security headers).
    `    location ^~ /mfe/${m}/ {\n` + `      alias ${dist}/;\n` + `    }`
  );
});

const shellDist = join(repo, 'shell', 'dist');
// Brotli for the static files: the .br built next to each asset (quality 11, ui/webpack/mfe.cjs) is sent as it is to a
// browser that accepts br (every current one), the .gz to the others. Debian's libnginx-mod-http-brotli-static
// (stack.sh installs it); without it the edge serves the .gz files as before.
const BROTLI_STATIC = '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so';
const brotli = existsSync(BROTLI_STATIC);

const proxyCommon = `# shared proxy settings (generated by deploy/local/nginx/render.mjs)
proxy_http_version 1.1;
proxy_set_header Upgrade $http_upgrade;
proxy_set_header Connection $connection_upgrade;
proxy_set_header X-Real-IP $remote_addr;
proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
proxy_set_header X-Forwarded-Proto $scheme;
proxy_read_timeout 300s;
proxy_buffer_size 128k;
proxy_buffers 8 256k;
proxy_busy_buffers_size 256k;
`;

const conf = `# GENERATED by deploy/local/nginx/render.mjs from deploy/routes.json — do not edit; edit routes.json.
${brotli ? `load_module ${BROTLI_STATIC};\n` : ''}${isRoot ? 'user root;\n' : ''}worker_processes 2;
pid ${pid};
error_log ${join(logs, 'nginx.log')} warn;

events { worker_connections 1024; }

http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  # A receiver's tracking token is the link's only secret: its page and API call are not logged
  # (so is a company's public orders link token: the page and its API call)
  map $request_uri $edge_loggable {
    ~^/api/track/ 0; ~^/dashboard/track([?#]|$) 0;
    ~^/api/orders/public([?#]|$) 0; ~^/dashboard/publicorders([?#]|$) 0;
    # a pre-signed download's query is its credential while it lasts
    ~^/files/ 0;
    default 1;
  }
  access_log ${join(logs, 'nginx-access.log')} combined if=$edge_loggable;
  client_body_temp_path ${join(dirname(out), 'tmp', 'client_body')};
  proxy_temp_path ${join(dirname(out), 'tmp', 'proxy')};
  fastcgi_temp_path ${join(dirname(out), 'tmp', 'fastcgi')};
  uwsgi_temp_path ${join(dirname(out), 'tmp', 'uwsgi')};
  scgi_temp_path ${join(dirname(out), 'tmp', 'scgi')};
  sendfile on;
  keepalive_timeout 65;
  client_max_body_size ${limits.apiBodyBytes};
  server_tokens off;
  absolute_redirect off;

  gzip on;
  gzip_comp_level 5;
  gzip_min_length 1024;
  gzip_proxied any;
  gzip_vary on;
  # .gz files built next to the assets (compression-webpack-plugin, level 9) are sent as they are.
  gzip_static on;
${brotli ? '  brotli_static on;\n' : ''}  gzip_types text/plain text/css text/javascript application/javascript application/json application/problem+json
             application/xml image/svg+xml application/wasm;

  map $http_upgrade $connection_upgrade { default upgrade; '' ''; }
  # Keycloak's sign-in form: counted per client address (sign-in-limit.mjs)
${signInLimitHttp(limits, env.RATE_LIMIT_FAIL_ALLOW ?? '127.0.0.1')}  # /files/<bucket>/<key>?…X-Amz-Signature=… → /<bucket>/<key>?… byte for byte (a map's capture is not re-escaped,
  # an if/rewrite capture would be, and the store's signature covers the exact path and query)
  map $request_uri $s3_uri { "~^/files(?<s3path>/[^?]+[?].*X-Amz-Signature=.*)$" $s3path; default ""; }
  proxy_cache_path ${join(dirname(out), 'cache')} levels=1 keys_zone=edge_micro:1m max_size=16m inactive=1m use_temp_path=off;
  proxy_cache_path ${join(dirname(out), 'cache-search')} levels=1:2 keys_zone=edge_search:8m max_size=64m inactive=1m use_temp_path=off;
  map $sent_http_content_type $html_no_cache { ~text/html "no-cache"; default ""; }
  # Caching: content-hashed chunks forever; the manifest, remoteEntry.js and index.html revalidate.
  map $uri $asset_cache {
    "~\\.[0-9a-f]{8}\\.(js|css|svg|png|woff2?)$" "public, max-age=31536000, immutable";
    ~/remoteEntry\\.js$ "no-cache";
    ~/manifest\\.json$ "no-cache";
    /remotes.json "no-cache";
    default $html_no_cache;
  }
  # The portal's CSP (why each source: docs/INTERFACES.md §4). Keycloak and the dev mailbox serve their
  # own pages with their own headers, so they get none of ours (two X-Frame-Options would conflict).
  map $uri $own_headers { ~^/(auth|mailbox)/ 0; default 1; }
  map $own_headers $portal_nosniff { 1 nosniff; default ""; }
  map $own_headers $portal_referrer_default { 1 strict-origin-when-cross-origin; default ""; }
  # the tracking page (/dashboard/track?t=<token>) sends no Referer, so its token never reaches a log in one
  map $request_uri $portal_referrer {
    ~^/dashboard/track([?#]|$) no-referrer; ~^/dashboard/publicorders([?#]|$) no-referrer;
    default $portal_referrer_default;
  }
  # keycloak-js's silent check-SSO page is framed by the portal itself (same origin), never by another site
  map $uri $framed_by_self { /silent-check-sso.html 1; default 0; }
  map "$own_headers$framed_by_self" $portal_xfo { 10 DENY; 11 SAMEORIGIN; default ""; }
  map "$own_headers$framed_by_self" $portal_csp {
    ~^0 "";
    11 "default-src 'self'; script-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'self'";
    default "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; connect-src 'self'; frame-src 'self'; worker-src 'self' blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";
  }

${upstreams.join('\n')}

  server {
    listen 127.0.0.1:${edgePort};
${hasV6 ? `    listen [::1]:${edgePort};\n` : ''}    server_name localhost;

    # Security headers on every answer (always: errors too). HSTS only in production (TLS), in deploy/k8s.
    add_header Content-Security-Policy $portal_csp always;
    add_header X-Content-Type-Options $portal_nosniff always;
    add_header Referrer-Policy $portal_referrer always;
    add_header X-Frame-Options $portal_xfo always;
    add_header Cache-Control $asset_cache;
    # HIT/MISS/EXPIRED/... on the answers of the edge caches (empty, so absent, everywhere else)
    add_header X-Cache-Status $upstream_cache_status;

    # problem+json for the edge's own errors, like every service's
${edgeErrorPages}

    location = /edge-healthz { access_log off; default_type text/plain; return 200 "ok\\n"; }

    # Keycloak's account console and account API are not the portal's (its profile pages are): not on this host
    location ~ ^/auth/realms/[^/]+/account(/|$) {
      default_type application/problem+json;
      return 404 '${problemJson(404, 'Not Found', 'There is nothing here.')}';
    }

    # Keycloak keeps its /auth prefix; it runs with --hostname http://localhost:${edgePort}/auth
${signInLimitLocation(limits, keycloakProxy)}
    location /auth/ {
${keycloakProxy}    }

    # SMTP sink mailbox (its page uses relative links)
    location = /mailbox { return 301 /mailbox/; }
    location /mailbox/ {
      proxy_pass http://127.0.0.1:${mailboxPort}/;
      include ${join(dirname(out), 'proxy_common.conf')};
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Prefix /mailbox;
    }

    # Pre-signed downloads on the portal's own address (the kit's S3_PUBLIC_URL, APP_URL + /files): the object store
    # behind the edge, GET (and HEAD) of a signed URL only. The raw path and query go on unchanged with the store's
    # own Host, the address the URL was signed for, so the store checks the signature, expiry and disposition.
    location ^~ /files/ {
      limit_except GET { deny all; }
      default_type application/problem+json;
      if ($s3_uri = "") { return 404 '${problemJson(404, 'Not Found', 'This is not a download link.')}'; }
      proxy_pass http://127.0.0.1:${s3Port}$s3_uri;
      include ${join(dirname(out), 'proxy_common.conf')};
      proxy_set_header Host 127.0.0.1:${s3Port};
      proxy_buffering off;
      # the store's XML refusals (expired, changed or unknown link) become one problem a person can act on
      proxy_intercept_errors on;
      error_page 400 403 404 =403 /__edge_error/files;
    }
    location = /__edge_error/files { internal; default_type application/problem+json; return 403 '${problemJson(403, 'Forbidden', 'This download link has expired or is not valid. Open the file again from the portal.')}'; }

    # the services, from deploy/routes.json
${uploadLocation}
${templateLocation}
${configLocation}
${exactLocations.join('\n')}
${dispatchLocations}
${apiLocations.join('\n')}
    location /api/ {
      default_type application/problem+json;
      return 404 '{"type":"about:blank","title":"Not Found","status":404,"detail":"No service serves this path","message":"No service serves this path","error":"No service serves this path"}';
    }

    # micro-frontends
${mfeLocations.join('\n')}

    # runtime remote manifest
    location = /remotes.json {
      alias ${shellDist}/remotes.json;
    }

    # the shell, SPA fallback to index.html
    location / {
      root ${shellDist};
      try_files $uri $uri/ /index.html =404;
    }
  }
}
`;

mkdirSync(dirname(out), { recursive: true });
mkdirSync(join(dirname(out), 'cache'), { recursive: true });
mkdirSync(join(dirname(out), 'cache-search'), { recursive: true });
for (const t of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
  mkdirSync(join(dirname(out), 'tmp', t), { recursive: true });
mkdirSync(logs, { recursive: true });
mkdirSync(dirname(pid), { recursive: true });
writeFileSync(join(dirname(out), 'proxy_common.conf'), proxyCommon);
// the tiles host joins img-src here, so the CSP text above stays the one the browser tests read from this file
writeFileSync(out, conf.replace("img-src 'self' data: blob:;", `img-src 'self' data: blob:${tilesSource};`));
console.log(out);

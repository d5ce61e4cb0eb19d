// The edge's locations in front of the portal's services, from deploy/routes.json: one upstream and one /api prefix
// location per service, the exact paths a service owns inside another's prefix, the public config's micro-cache,
// the live schedule stream and the cached public search, the upload caps and the template file. render.mjs puts
// them into nginx.conf.
import { errorLocation } from './edge-errors.mjs';

/**
 * `routes`: deploy/routes.json; `limits`: contracts' edge-limits.json; `ports`: a service's port by name (env.sh's
 * <SERVICE>_PORT, else routes.json's); `proxyCommon`: the path of the shared proxy settings file.
 */
export function serviceLocations({ routes, limits, ports, proxyCommon }) {
  const services = Object.entries(routes.services);
  // to a service, as the client addressed the edge (host and port: the service builds links with them)
  const proxyTo = (upstream) =>
    `      proxy_pass ${upstream};\n` +
    `      include ${proxyCommon};\n` +
    `      proxy_set_header Host $http_host;\n` +
    `      proxy_set_header X-Forwarded-Host $http_host;\n` +
    `      proxy_set_header X-Forwarded-Port $server_port;\n`;

  const upstreams = [];
  const api = [];
  for (const [name, svc] of services) {
    const port = Number(ports(name) ?? svc.port);
    if (!Number.isInteger(port)) throw new Error(`routes.json: bad port for ${name}`);
    for (const p of svc.prefixes)
      if (!/^[a-z0-9-]+$/i.test(p)) throw new Error(`routes.json: bad prefix ${p}`);
    upstreams.push(`  upstream svc_${name} { server 127.0.0.1:${port}; keepalive 64; }`);
    api.push(
      `    # ${name}: /api/${svc.prefixes.join('|')}\n` +
        `    location ~ ^/api/(${svc.prefixes.join('|')})(/|$) {\n` +
        proxyTo(`http://svc_${name}`) +
        `    }`,
    );
  }

  // The public config: read by every page load of every visitor. A 1 s micro-cache for anonymous GETs (signed-in
  // callers, e.g. a superadmin who just saved settings, always reach the service, which answers from memory with an
  // ETag); one request a second per edge reaches accounts however many visitors come, so the public rate limit is
  // never hit by page loads. The service's `Cache-Control: public, no-cache` goes through.
  const config = routes.services.accounts
    ? `    location = /api/utils/config {\n` +
      proxyTo('http://svc_accounts') +
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

  // Exact paths a service owns inside another's prefix (routes.json `exact`, e.g. /api/orders/schedule -> routing),
  // the live schedule stream (server-sent events: no buffering, no gzip, an hour-long read timeout, HTTP/1.1
  // keep-alive to the upstream; an upstream `X-Accel-Buffering: no` is honoured too) and the public schedule search,
  // cached here keyed on the full URI for a few seconds so repeated searches never reach routing (the service's
  // `Cache-Control: public, max-age=5` sets the time; `X-Cache-Status` says HIT/MISS; a route change shows within it).
  const exact = services.flatMap(([name, svc]) =>
    (svc.exact ?? []).map((path) => {
      if (!/^\/api\/[a-z0-9/-]+$/i.test(path)) throw new Error(`routes.json: bad exact path ${path}`);
      return `    location = ${path} {\n` + proxyTo(`http://svc_${name}`) + `    }`;
    }),
  );
  const dispatch = routes.services.routing
    ? `    location ^~ /api/schedule/live {\n` +
      `      proxy_pass http://svc_routing;\n` +
      `      proxy_http_version 1.1;\n` +
      `      proxy_set_header Connection "";\n` +
      `      proxy_set_header X-Real-IP $remote_addr;\n` +
      `      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;\n` +
      `      proxy_set_header X-Forwarded-Proto $scheme;\n` +
      `      proxy_set_header Host $http_host;\n` +
      `      proxy_set_header X-Forwarded-Host $http_host;\n` +
      `      proxy_set_header X-Forwarded-Port $server_port;\n` +
      `      proxy_buffering off;\n` +
      `      proxy_cache off;\n` +
      `      gzip off;\n` +
      `      proxy_read_timeout 1h;\n` +
      `      proxy_send_timeout 1h;\n` +
      `    }\n` +
      `    location = /api/schedule/search {\n` +
      proxyTo('http://svc_routing') +
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

  // The upload routes get their own caps (the same numbers as their Fastify bodyLimit) and say them in their words:
  // the edge refuses what the route would refuse, with a 413 problem, instead of proxying it and answering a 502 when
  // the service cuts the upload off.
  const cap = (path, bodyBytes, name, detail) => {
    const service = services.find(([, s]) => s.prefixes.includes(path.split('/')[2]))?.[0];
    if (!service) throw new Error(`routes.json: no service serves ${path}`);
    return (
      `    location = ${path} {\n` +
      `      client_max_body_size ${bodyBytes};\n` +
      `      error_page 413 /__edge_error/${name}-413;\n` +
      proxyTo(`http://svc_${service}`) +
      `    }\n` +
      errorLocation(`${name}-413`, 413, 'Payload Too Large', detail)
    );
  };
  const mb = (bytes) => bytes / 1024 / 1024;
  const upload = [
    cap(
      limits.uploadPath,
      limits.uploadBodyBytes,
      'upload',
      `The file is limited to ${mb(limits.uploadFileBytes)} MB.`,
    ),
    cap(
      limits.bulkPath,
      limits.bulkBodyBytes,
      'bulk',
      `Unable to process spreadsheet: the file is larger than ${mb(limits.bulkFileBytes)} MB; split it into smaller files.`,
    ),
    // the manifest upload, in the route's words (contracts ManifestMessages.tooLarge)
    cap(
      limits.manifestPath,
      limits.manifestBodyBytes,
      'manifest',
      `The manifest is larger than ${mb(limits.manifestFileBytes)} MB.`,
    ),
  ].join('\n');

  // "Download Template" (orders §7: a static file under /static/media/{file}, default Template.xlsx) is generated by
  // the orders service, so the spec's address reaches it.
  const template = routes.services.orders
    ? `    location = /static/media/Template.xlsx {\n` +
      `      proxy_pass http://svc_orders/api/orders/template.xlsx;\n` +
      `      include ${proxyCommon};\n` +
      `      proxy_set_header Host $http_host;\n` +
      `    }`
    : '';

  return { upstreams, api, config, exact, dispatch, upload, template };
}

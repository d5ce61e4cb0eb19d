// The edge's per-address limit on Keycloak's sign-in form. Keycloak's brute-force detection counts failures per
// account only, so one address could try one password on many accounts (spraying) without meeting it; every POST of
// the form (password and one-time code alike: `/auth/realms/<realm>/login-actions/authenticate`) is counted per
// client address here, a minute's rate plus a burst (services/contracts/src/edge-limits.json), then 429 with a page
// a person can read. Addresses in RATE_LIMIT_FAIL_ALLOW (locally 127.0.0.1, which every local browser and suite
// shares, as the services' own failure limits exempt it) are not counted.

/** The http-level part: who is counted, and the zone. */
export function signInLimitHttp(limits, allow) {
  const exempt = allow
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean)
    .map((a) => `    ${a} 1;\n`)
    .join('');
  // a geo value is a plain string: the address itself comes from the map (an empty key is not counted)
  return (
    `  geo $sign_in_exempt {\n    default 0;\n${exempt}  }\n` +
    `  map $sign_in_exempt $sign_in_client { 1 ""; default $binary_remote_addr; }\n` +
    `  limit_req_zone $sign_in_client zone=sign_in_form:1m rate=${limits.signInFormPerMinute}r/m;\n`
  );
}

const PAGE =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, ' +
  'initial-scale=1"><title>Too many sign-in attempts</title></head><body style="font-family:sans-serif;' +
  'max-width:32rem;margin:4rem auto;padding:0 1rem"><h1>Too many sign-in attempts</h1><p>There have been too ' +
  'many sign-in attempts from your address. Please wait a minute and try again.</p><p><a href="/login">Back to ' +
  'sign in</a></p></body></html>';

/** The form's location (before the general /auth/ one) and its 429 page; `proxy` is the /auth/ location's body. */
export function signInLimitLocation(limits, proxy) {
  return (
    `    location ~ ^/auth/realms/[^/]+/login-actions/authenticate$ {\n` +
    `      limit_req zone=sign_in_form burst=${limits.signInFormBurst} nodelay;\n` +
    `      limit_req_status 429;\n` +
    `      error_page 429 /__edge_error/sign-in-429;\n` +
    proxy +
    `    }\n` +
    `    location = /__edge_error/sign-in-429 {\n` +
    `      internal;\n` +
    `      default_type text/html;\n` +
    `      add_header Retry-After 60 always;\n` +
    `      add_header Cache-Control no-store always;\n` +
    `      return 429 '${PAGE}';\n` +
    `    }`
  );
}

// @portal/ui/testing/portal: the whole-portal browser suite — the built shell and MFE bundles behind a local edge
// (static-server.ts) with a fake /api made of layers (fake.ts; the common signed-in layer in base.ts), every fake
// answer checked against the services' OpenAPI (contract.ts), driven in Debian's Chromium (browser-suite.ts).
// Used by the shell's own suites and by each MFE's screens-in-the-portal suites (e.g. mfe-accounts/test/portal-*).
export { browserSuite, artifactsDir, watch, signIn, fillSignInPage, type Edge } from './browser-suite.js';
export { startEdge, json, EDGE_CSP, type ApiHandler } from './static-server.js';
export {
  fake,
  fakeToken,
  tokenFor,
  b64,
  FAKE_PASSWORDS,
  FAKE_KEYCLOAK,
  endKeycloakSession,
  type Call,
  type Route,
} from './fake.js';
export { contract, answer, problem, Contract } from './contract.js';
export { USERS, LOGIN_FAILED, baseRoutes, fakeApi } from './base.js';

/**
 * @portal/service-kit/testing — helpers for the tests of every service. Never imported by src/ (production
 * images ship src/ only): real Keycloak tokens (from the local realm's test client) and TOTP codes, polling, the
 * shared mailbox client, the role × endpoint matrix, the stub-service basics, outbox fault injection, the index proof,
 * scratch databases and a second instance as its own process.
 */
export {
  DEMO_PASSWORD,
  demoEmail,
  markVerified,
  subOf,
  testClient,
  tokenEndpoint,
  tokenFor,
} from './tokens.js';
export { MFA_SECRET, MFA_USER, freshTotpCode, totpCode, totpCodeFromBase32, wrongTotpCode } from './totp.js';
export { otpCredential, securityKeyCredential } from './keycloak-credentials.js';
export { waitFor, freePort } from './wait.js';
export { ownRedis, type OwnRedis } from './own-redis.js';
export { assertRoleMatrix, tablePolicy, type Policy } from './role-matrix.js';
export { assertStateMatrix, type StatePolicy } from './state-matrix.js';
export { throwawayUser, type ThrowawayUser } from './keycloak-users.js';
export { Mailbox, mailbox, codeIn, type Mail, type MailSummary, type MailQuery } from './mailbox.js';
export { startService, serviceBasics } from './stub-service.js';
export { injectOutboxFault, type OutboxFault } from './faults.js';
export { assertUsesIndex, planNodes } from './index-proof.js';
export { scratchDb } from './scratch-db.js';
export { busAs, testNats, localEnv, type BusHandle } from './bus-as.js';
export { startInstance, startReplicaScript, type Instance } from './instance.js';

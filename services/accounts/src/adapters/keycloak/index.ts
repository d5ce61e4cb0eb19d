export { KeycloakClient, ROLE_GROUPS, type KeycloakCredential } from './client.js';
export { keycloakPlugin } from './plugin.js';
export {
  InvalidCredentials,
  PasswordRejected,
  UserExists,
  keycloakFromEnv,
  readClaims,
  roleOf,
  type KeycloakSettings,
  type KeycloakUser,
  type TokenClaims,
  type TokenSet,
} from './settings.js';

export { KeycloakClient, ROLE_GROUPS } from './client.js';
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

/** App config keys the shell and MFEs read (accounts §3, orders §6). */
export interface AppConfig {
  defaultId?: string;
  externalUrl?: string;
  logoType?: 'orig' | 'new' | 'nj' | 'wh' | 'gh';
  menu?: Record<string, unknown>;
  hideRoutes?: string[];
  signupEmails?: string[];
  'account.toslink'?: string;
  'sigs.show'?: boolean;
  [key: string]: unknown;
}

/**
 * Keys only the superadmin's Settings screen reads (GET /api/utils/config/all): never in the public config,
 * which every visitor loads (signupEmails are internal addresses, issue 8).
 */
export const INTERNAL_CONFIG_KEYS = ['signupEmails'] as const;
/** Host names that mark a developer environment (Switch Env allowed). */
export const DEV_HOST_MARKERS = ['localhost', 'local', 'dev', '127.0.0.1'];
export function isDevHost(host: string): boolean {
  return DEV_HOST_MARKERS.some((m) => host.includes(m));
}

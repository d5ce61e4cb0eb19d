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
/** Host names that mark a developer environment (Switch Env allowed). */
export const DEV_HOST_MARKERS = ['localhost', 'local', 'dev', '127.0.0.1'];
export function isDevHost(host: string): boolean {
  return DEV_HOST_MARKERS.some((m) => host.includes(m));
}

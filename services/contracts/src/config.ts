/** App config keys the shell and MFEs read (accounts §3, orders §6). */
export interface AppConfig {
  /** The licence number a new licence record starts with (License Update); default NEW_LICENCE_PLACEHOLDER. */
  defaultId?: string;
  logoType?: 'orig' | 'new' | 'nj' | 'wh' | 'gh';
  hideRoutes?: string[];
  signupEmails?: string[];
  'account.toslink'?: string;
  'sigs.show'?: boolean;
  /** Informational text above the order lists (orders §2; Settings → Order lists); empty shows nothing. */
  'orders.infoText'?: string;
  [key: string]: unknown;
}

/**
 * Keys only the superadmin's Settings screen reads (GET /api/utils/config/all): never in the public config,
 * which every visitor loads (signupEmails are internal addresses).
 */
export const INTERNAL_CONFIG_KEYS = ['signupEmails'] as const;
/** Host names that mark a developer environment (Switch Env allowed). */
export const DEV_HOST_MARKERS = ['localhost', 'local', 'dev', '127.0.0.1'];
export function isDevHost(host: string): boolean {
  return DEV_HOST_MARKERS.some((m) => host.includes(m));
}

/**
 * Every on/off switch of the app config and its value while no one has set it: the ONE table the Settings screen
 * shows (an unset switch shows, and is saved as, its default), accounts serves in the public config, and every
 * service reading a switch falls back to. A switch read anywhere with another default is the bug this prevents:
 * Settings once showed the unset mail switches as off and saved them so, while orders treated them as on.
 * Defaults follow the specs' wording ("required unless … is off" → on); the three order-mail switches are on
 * (a portal that silently mails nobody is the worse surprise); the route maps work offline, so they are on.
 */
export const CONFIG_SWITCH_DEFAULTS = {
  'sigs.show': true,
  'orders.includeAddress': false,
  'orders.includeDBA': false,
  'orders.isInternalDist': false,
  'orders.editAddress': false,
  'orders.showPickupDriver': false,
  'orders.showVin': false,
  'orders.internal.alwaysShow': false,
  'orders.autoApprove': false,
  'orders.billingInvoiceReq': true,
  'orders.hasSameDay': false,
  /** The custody gate: off = strict (refused, staff override with a reason); on = advisory (recorded, passed). */
  'orders.custodyGate.advisory': false,
  // schedule.useDBA (spec orders §6) is not a switch here: the schedule always names a stop by its DBA, the licensee
  // where there is none (mfe-schedule README, Decisions)
  'schedule.filter': false,
  scheduleMapsEnabled: true,
  alertNewOrders: true,
  rejectionEmails: true,
  exceptionEmails: true,
  useRCheck: true,
} as const satisfies Record<string, boolean>;
export type ConfigSwitch = keyof typeof CONFIG_SWITCH_DEFAULTS;
export const CONFIG_SWITCHES = Object.keys(CONFIG_SWITCH_DEFAULTS) as ConfigSwitch[];

/** A stored value as a switch: booleans, and the 'true'/'false' strings older settings screens wrote; else undefined. */
export function switchFrom(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 1 || value === '1') return true;
  if (value === 'false' || value === 0 || value === '0' || value === '') return false;
  return undefined;
}

/**
 * A switch's effective value in a config map: the flat key ('orders.autoApprove'), else the nested form older
 * screens wrote ({orders: {autoApprove}}, {sigs: {show}}), else CONFIG_SWITCH_DEFAULTS.
 */
export function switchValue(config: Record<string, unknown>, key: ConfigSwitch): boolean {
  const flat = switchFrom(config[key]);
  if (flat !== undefined) return flat;
  const [head, ...rest] = key.split('.');
  let cur: unknown = rest.length ? config[head!] : undefined;
  for (const p of rest)
    cur = cur && typeof cur === 'object' ? (cur as Record<string, unknown>)[p] : undefined;
  return switchFrom(cur) ?? CONFIG_SWITCH_DEFAULTS[key];
}

/** Every switch's effective value (what Settings shows and saves). */
export const switchValues = (config: Record<string, unknown>): Record<ConfigSwitch, boolean> =>
  Object.fromEntries(CONFIG_SWITCHES.map((k) => [k, switchValue(config, k)])) as Record<
    ConfigSwitch,
    boolean
  >;

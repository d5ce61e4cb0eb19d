import { CONFIG_SWITCH_DEFAULTS, switchValue, type ConfigSwitch } from '@portal/contracts';
import type { PortalMenuEntry } from '@portal/ui';

/**
 * One configured switch (accounts §3 App config, orders §6 "Configured switches"); def = value when unset, from
 * contracts' one table (the services read the same); help may be ''.
 */
export interface SwitchKey {
  key: ConfigSwitch;
  label: string;
  help: string;
  def: boolean;
}

export interface SwitchGroup {
  title: string;
  /** Which screens read the group's keys. */
  readers: string;
  keys: SwitchKey[];
}

const sw = (key: ConfigSwitch, label: string, help: string): SwitchKey => ({
  key,
  label,
  help,
  def: CONFIG_SWITCH_DEFAULTS[key],
});

/** Grouped as the screens that read them (orders.labelLogo is an image link, a text field of its own). */
export const SWITCH_GROUPS: SwitchGroup[] = [
  {
    title: 'Accounts',
    readers: 'Read by the profile form.',
    keys: [sw('sigs.show', 'Show signature pad', 'Profile signature pad for roles 0, 1 and 2.')],
  },
  {
    title: 'Orders',
    readers: 'Read by the order form, order lists and labels.',
    keys: [
      sw(
        'orders.includeAddress',
        'Include address',
        "The order lists' Pickup and Destination show the street address before the city (off: the city).",
      ),
      sw(
        'orders.includeDBA',
        'Include DBA',
        'The order lists name a vendor or destination "Licensee (DBA …)" where the DBA differs.',
      ),
      sw(
        'orders.isInternalDist',
        'Internal distribution',
        'The order lists get the Order Def filter (Internal / External / All), starting on External.',
      ),
      sw('orders.editAddress', 'Edit address', 'Vendors may edit the addresses on the order form.'),
      sw(
        'orders.showPickupDriver',
        'Show pickup driver',
        "The order lists' Driver column names the pickup driver too, red when changed within 24 hours.",
      ),
      sw('orders.showVin', 'Show VIN', "The order lists' Vehicle column shows each vehicle's VIN."),
      sw(
        'orders.internal.alwaysShow',
        'Always show internal orders',
        'With internal distribution, the order lists start on All orders instead of External.',
      ),
      sw(
        'orders.autoApprove',
        'Auto-approve orders',
        'New orders are approved at once; the preferred pickup date becomes required.',
      ),
      sw(
        'orders.billingInvoiceReq',
        'Billing invoice # required',
        'The order form requires a billing invoice number.',
      ),
      sw(
        'orders.hasSameDay',
        'Same-day pickup',
        'Same Day offered to every vendor (otherwise only to accounts allowed same-day pickup).',
      ),
    ],
  },
  {
    title: 'Schedule',
    readers: 'Read by the schedule screens.',
    keys: [
      // schedule.useDBA is not offered: the schedule always names a stop by its DBA (the name on the door), the
      // licensee where it has none — orders' events carry that one name (mfe-schedule README, Decisions)
      sw(
        'schedule.filter',
        'Schedule filter',
        'A Route choice on the daily schedule: one route of the day, or all.',
      ),
      sw('scheduleMapsEnabled', 'Route maps', 'Route maps on the schedule.'),
    ],
  },
  {
    title: 'Notifications and checks',
    readers: 'Read when orders are saved.',
    keys: [
      sw('alertNewOrders', 'Alert on new orders', 'Order notification emails for new orders.'),
      sw('rejectionEmails', 'Rejection emails', 'Order notification emails for rejections.'),
      sw('exceptionEmails', 'Exception emails', 'Order notification emails for exceptions.'),
      sw('useRCheck', 'Licence type check', '"Incorrect license type" check on the order form.'),
      sw(
        'orders.custodyGate.advisory',
        'Custody gate advisory (not strict)',
        "Check-out without a matching manifest and Delivered without the receiver's signature go through and the " +
          "order's ledger records what was missing (off: refused until an admin overrides with a reason).",
      ),
    ],
  },
];

/**
 * Menu entries hideRoutes can hide: what the deployed MFEs' manifests publish (the shell passes them as
 * PortalProps.menu), user menu first, each in menu order. A key already hidden whose MFE is not deployed stays in
 * the list, so it can be un-hidden.
 */
export function menuChoices(
  menu: PortalMenuEntry[] = [],
  hidden: string[] = [],
): { key: string; label: string; admin: boolean }[] {
  const deployed = [...menu]
    .sort((a, b) => (a.section === b.section ? a.order - b.order : a.section === 'user' ? -1 : 1))
    .map((e) => ({ key: e.key, label: e.label, admin: e.section === 'admin' }));
  const known = new Set(deployed.map((e) => e.key));
  const gone = hidden
    .filter((k) => !known.has(k))
    .map((key) => ({ key, label: `${key} (not deployed)`, admin: false }));
  return [...deployed, ...gone];
}

/** signupEmails as text (one address per line) and back; invalid addresses are reported. */
export function parseEmails(
  text: string,
  isEmail: (s: string) => boolean,
): { emails: string[]; invalid: string[] } {
  const emails = [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
  return { emails, invalid: emails.filter((e) => !isEmail(e)) };
}

/**
 * The switches as Settings saves them: each one's effective value (stored, else contracts' default), so saving one
 * switch never turns another off because it was unset.
 */
export function switchesToSave(cfg: Record<string, unknown>): Partial<Record<ConfigSwitch, boolean>> {
  return Object.fromEntries(
    SWITCH_GROUPS.flatMap((g) => g.keys.map((s) => [s.key, switchValue(cfg, s.key)])),
  );
}

/** The label logo: empty, a link (https://… or /…) or an image data URL (orders reads PNG or JPEG). */
export const isLogoLink = (s: string) => isLink(s) || /^data:image\/(png|jpeg);base64,/.test(s.trim());

export const isLink = (s: string) => !s.trim() || /^(https?:\/\/\S+|\/\S*)$/.test(s.trim());

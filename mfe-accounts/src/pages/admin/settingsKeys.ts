import { ADMIN_MENU, USER_MENU } from '@portal/contracts';

/** One configured switch (accounts §3 App config, orders §6 "Configured switches"); def = value when unset; help may be ''. */
export interface SwitchKey {
  key: string;
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

const sw = (key: string, label: string, help: string, def = false): SwitchKey => ({ key, label, help, def });

/** Grouped as the screens that read them. Defaults follow the specs' wording ("unless ... is off" → on). */
export const SWITCH_GROUPS: SwitchGroup[] = [
  {
    title: 'Accounts',
    readers: 'Read by the profile form.',
    keys: [sw('sigs.show', 'Show signature pad', 'Profile signature pad for roles 0, 1 and 2.', true)],
  },
  {
    title: 'Orders',
    readers: 'Read by the order form, order lists and labels.',
    keys: [
      sw('orders.includeAddress', 'Include address', ''),
      sw('orders.includeDBA', 'Include DBA', ''),
      sw('orders.isInternalDist', 'Internal distribution', ''),
      sw('orders.editAddress', 'Edit address', ''),
      sw('orders.labelLogo', 'Logo on labels', ''),
      sw('orders.showPickupDriver', 'Show pickup driver', ''),
      sw('orders.showVin', 'Show VIN', ''),
      sw('orders.internal.alwaysShow', 'Always show internal orders', ''),
      sw(
        'orders.autoApprove',
        'Auto-approve orders',
        'New orders are approved at once; the preferred pickup date becomes required.',
      ),
      sw(
        'orders.billingInvoiceReq',
        'Billing invoice # required',
        'The order form requires a billing invoice number.',
        true,
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
      sw('schedule.useDBA', 'Use DBA names', ''),
      sw('schedule.filter', 'Schedule filter', ''),
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
      sw('useRCheck', 'Licence type check', '"Incorrect license type" check on the order form.', true),
    ],
  },
];

/** Menu entries hideRoutes can hide: the contracts menu keys (each once, with its label). */
export const MENU_CHOICES = [...USER_MENU, ...ADMIN_MENU].map((e) => ({
  key: e.key,
  label: e.label,
  admin: ADMIN_MENU.includes(e),
}));

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

export const isLink = (s: string) => !s.trim() || /^(https?:\/\/\S+|\/\S*)$/.test(s.trim());

/** Business constants of both specs (§9). */
export const MOBILE_BREAKPOINT_PX = 700;
export const PAGE_SIZES = [25, 50, 100] as const;
export const DEFAULT_PAGE_SIZE = 25;
export const BILLING_PAGE_SIZE = 250;
export const LN_PAGE_SIZE = 50;
export const SCHEDULE_SEARCH_PAGE_SIZE = 50;
export const SCHEDULE_SEARCH_MAX_RESULTS = 250;
export const LICENCE_PICKER_MAX_OPTIONS = 100;
export const LICENCE_PICKER_DEBOUNCE_MS = 800;
export const PICKER_DEBOUNCE_MS = 500;
export const LIMITS = {
  email: 60,
  companyName: 100,
  dba: 100,
  contactName: 100,
  phone: 16,
  resetCode: 10,
  newPassword: 60,
  changePasswordMin: 8,
  routeName: 100,
} as const;
export const LOGO_TYPES = ['orig', 'new', 'nj', 'wh', 'gh'] as const;
export type LogoType = (typeof LOGO_TYPES)[number];
export const INVITE_RESEND_WAIT_MINUTES = 30;
export const SIGNATURE_CANVAS = { width: 600, height: 120 } as const;
export const DEFAULT_RECEIVING_WINDOWS = {
  mon: '09:00-17:00',
  tue: '09:00-17:00',
  wed: '09:00-17:00',
  thur: '09:00-17:00',
  fri: '09:00-17:00',
  sat: '',
  sun: '',
} as const;
export const NEW_LICENCE_PLACEHOLDER = '000-00000';
export const FEEDBACK_SUBJECT = 'Portal Feedback';

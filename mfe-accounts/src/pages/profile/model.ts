import {
  Role,
  LIMITS,
  Messages,
  hasCompany,
  isRoleNumber,
  type RoleNumber,
  type Verified,
} from '@portal/contracts';
// its own entry: libphonenumber's metadata loads with the profile screen, not with every page
import { formatPhone, parsePhone } from '@portal/contracts/phone';
import { isEmail } from '@portal/ui';

/** A user as accounts answers it (docs/ACCOUNTS-API.md "Shapes"); every field optional on the way in. */
export interface UserRecord {
  id?: string;
  email: string;
  role: RoleNumber;
  verified?: Verified;
  name?: { firstName?: string; lastName?: string } | string;
  company?: Record<string, unknown> | string;
  alerts?: { email?: boolean };
  hasSentEmail?: boolean;
  sameDayPickup?: boolean;
  publicorderslink?: string;
  signature?: { image?: string; name?: string; date?: string };
}

/** The one form's values (Profile / Edit Account / Create New Account, accounts §2). */
export interface ProfileValues {
  email: string;
  logo: string;
  companyName: string;
  dba: string;
  contactName: string;
  phone: string;
  billingContactName: string;
  billingEmail: string;
  billingAddress: string;
  licence: string;
  licenceNumbers: string[];
  streetAddress: string;
  signature: { image: string; name: string; date: string } | null;
  orderNotification: boolean;
  verified: Verified;
  sameDayPickup: boolean;
  role: RoleNumber;
}
export type FieldName = keyof ProfileValues;
export type Errors = Partial<Record<FieldName, string>>;

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');

export function emptyValues(role: RoleNumber = 4): ProfileValues {
  return {
    email: '',
    logo: '',
    companyName: '',
    dba: '',
    contactName: '',
    phone: '',
    billingContactName: '',
    billingEmail: '',
    billingAddress: '',
    licence: '',
    licenceNumbers: [],
    streetAddress: '',
    signature: null,
    orderNotification: true,
    verified: false,
    sameDayPickup: false,
    role,
  };
}

export function fromUser(u: UserRecord): ProfileValues {
  const c = u.company && typeof u.company === 'object' ? u.company : { Licensee: str(u.company) };
  const n = u.name;
  const contactName = typeof n === 'string' ? n : [n?.firstName, n?.lastName].filter(Boolean).join(' ');
  const sig = u.signature?.image
    ? { image: u.signature.image, name: str(u.signature.name), date: str(u.signature.date) }
    : null;
  return {
    email: u.email,
    logo: str(c.logo),
    companyName: str(c.Licensee),
    dba: str(c.DBA) || str(c['Licensee DBA']),
    contactName,
    phone: formatPhone(str(c.phone)), // stored E.164, shown national: (760) 555-0100
    billingContactName: str(c.billingContactName),
    billingEmail: str(c.billingContactEmail),
    billingAddress: str(c.billingAddress),
    licence: str(c['License #']),
    licenceNumbers: Array.isArray(c.licenseNumbers) ? c.licenseNumbers.map(str).filter(Boolean) : [],
    streetAddress: str(c['Street Address']),
    signature: sig,
    orderNotification: u.alerts?.email !== false,
    verified: u.verified ?? false,
    sameDayPickup: !!u.sameDayPickup,
    role: isRoleNumber(u.role) ? u.role : 4,
  };
}

/** Who edits whom decides which fields show and which rules apply (accounts §5, §6). */
export interface FormContext {
  editorRole: RoleNumber;
  creating: boolean;
  /** Brand-new: being created, or never sent a complete profile (hasSentEmail false). */
  brandNew: boolean;
}
export const isStaff = (r: RoleNumber) => r <= 1;
export const isDriver = (v: ProfileValues) => v.role === Role.Driver;
/** Company users (3, 4): staff and drivers have no company, so its fields are optional for them. */
export const isCompanyUser = (v: ProfileValues) => hasCompany(v.role);
export const canEditLicence = (ctx: FormContext) => isStaff(ctx.editorRole) || ctx.brandNew;
export const canAddLicences = (ctx: FormContext) => ctx.editorRole <= 3;

const required = (label: string) => `${label} is required.`;
const tooLong = (label: string, max: number) => `${label} is limited to ${max} characters.`;

/** The §5 profile rules with their messages; an empty object means valid. */
export function validate(v: ProfileValues, ctx: FormContext): Errors {
  const e: Errors = {};
  const need = (f: FieldName, label: string, max?: number) => {
    const s = str(v[f]).trim();
    if (!s) e[f] = required(label);
    else if (max && s.length > max) e[f] = tooLong(label, max);
  };
  if (ctx.creating) {
    const em = v.email.trim();
    if (!isEmail(em)) e.email = Messages.invalidEmail;
    else if (em.length > LIMITS.email) e.email = Messages.emailTooLong;
  }
  // staff and drivers have no company: its fields are checked when filled in, never required
  const company = isCompanyUser(v);
  const opt = (f: FieldName, label: string, max?: number) => {
    if (company || str(v[f]).trim()) need(f, label, max);
  };
  opt('companyName', 'Company name', LIMITS.companyName);
  opt('dba', 'DBA name', LIMITS.dba);
  need('contactName', 'Contact name', LIMITS.contactName);
  const phone = v.phone.trim();
  if (!phone) {
    if (company) e.phone = required('Phone');
  } else if (!parsePhone(phone)) e.phone = Messages.phoneInvalid; // contracts: the server's rule too
  if (!isDriver(v)) {
    opt('billingContactName', 'Billing contact name');
    if (!v.billingEmail.trim()) {
      if (company) e.billingEmail = required('Billing email');
    } else if (!isEmail(v.billingEmail)) e.billingEmail = Messages.invalidEmail;
    opt('billingAddress', 'Billing address');
    if (canEditLicence(ctx)) opt('licence', 'License number');
    opt('streetAddress', 'Street address');
  }
  return e;
}

type Json = Record<string, unknown>;
/** Empty values (blank strings, null, undefined) are stripped before sending (accounts §5); nested objects too. */
export function stripEmpty<T extends Json>(o: T): Partial<T> {
  const out: Json = {};
  for (const [k, val] of Object.entries(o)) {
    if (val === undefined || val === null) continue;
    if (typeof val === 'string') {
      if (val.trim()) out[k] = val.trim();
    } else if (typeof val === 'object' && !Array.isArray(val)) {
      const inner = stripEmpty(val as Json);
      if (Object.keys(inner).length) out[k] = inner;
    } else out[k] = val;
  }
  return out as Partial<T>;
}

/** The `user` body for POST /api/users/create and /update: admin-only fields only when staff edit. */
export function toPayload(v: ProfileValues, ctx: FormContext, original: ProfileValues | null): Json {
  const [firstName, ...rest] = v.contactName.trim().split(/\s+/);
  const driver = isDriver(v);
  const company: Json = {
    logo: v.logo,
    Licensee: v.companyName,
    DBA: v.dba,
    phone: parsePhone(v.phone)?.e164 ?? v.phone,
    'Street Address': v.streetAddress,
    ...(driver
      ? {}
      : {
          billingContactName: v.billingContactName,
          billingContactEmail: v.billingEmail,
          billingAddress: v.billingAddress,
          ...(canEditLicence(ctx) ? { 'License #': v.licence } : {}),
          ...(canAddLicences(ctx) ? { licenseNumbers: v.licenceNumbers } : {}),
        }),
  };
  const user: Json = {
    email: v.email.trim().toLowerCase(),
    name: { firstName, lastName: rest.join(' ') },
    company,
    alerts: { email: v.orderNotification },
    signature: v.signature,
  };
  if (isStaff(ctx.editorRole)) Object.assign(user, { verified: v.verified, sameDayPickup: v.sameDayPickup });
  if (ctx.creating || !original || original.role !== v.role) user.role = v.role;
  return stripEmpty(user);
}

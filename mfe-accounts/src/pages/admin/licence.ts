import {
  DEFAULT_RECEIVING_WINDOWS,
  LICENCE_FIELDS,
  Messages,
  NEW_LICENCE_PLACEHOLDER,
  isValidEmail,
  type LicenceField,
} from '@portal/contracts';
import type { LicenceRecord } from '../../api.js';

// The required fields and their limits are contracts' (one list with the service): re-exported for the screens.
export { LICENCE_FIELDS, LICENCE_MAX, type LicenceField } from '@portal/contracts';

export const DAYS = [
  ['mon', 'Monday'],
  ['tue', 'Tuesday'],
  ['wed', 'Wednesday'],
  ['thur', 'Thursday'],
  ['fri', 'Friday'],
  ['sat', 'Saturday'],
  ['sun', 'Sunday'],
] as const;

/** The facility types a licence record offers (the records' own values; a stored other value is kept). */
export const FACILITY_TYPES = ['Recreational', 'Medical'] as const;

/**
 * A new record (accounts §2 "placeholder number 000-00000", §9 "Default licence id … unless config overrides it"):
 * its number starts as config `defaultId`, else the spec's default; every other field at the record's defaults.
 */
export const newLicence = (defaultId?: unknown): LicenceRecord => ({
  'License #': typeof defaultId === 'string' && defaultId.trim() ? defaultId.trim() : NEW_LICENCE_PLACEHOLDER,
  Licensee: '',
  DBA: '',
  'Street Address': '',
  City: '',
  Zip: '',
  windows: { ...DEFAULT_RECEIVING_WINDOWS },
  emails: [],
  pickupRoute: [],
  active: true,
  FacilityType: FACILITY_TYPES[0],
});

/** The emails box: addresses separated by commas, semicolons, spaces or lines. */
export const emailList = (text: string): string[] =>
  text
    .split(/[\s,;]+/)
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);

/** The first address of the list that is not an email, if any (contracts' one email rule). */
export const badEmail = (emails: string[] | undefined): string | undefined =>
  (emails ?? []).find((e) => !isValidEmail(e));

const norm = (s: unknown) =>
  String(s ?? '')
    .trim()
    .toLowerCase();

/** Field → message for every empty required field, and the duplicate-number rule against the other records. */
export function licenceErrors(r: LicenceRecord, all: LicenceRecord[]): Partial<Record<LicenceField, string>> {
  const errors: Partial<Record<LicenceField, string>> = {};
  for (const [key, label] of LICENCE_FIELDS)
    if (!String(r[key] ?? '').trim()) errors[key] = Messages.fieldRequired(label).trim();
  const num = norm(r['License #']);
  if (
    num &&
    all.some((o) => o !== r && (o.id ?? null) !== (r.id ?? undefined) && norm(o['License #']) === num)
  ) {
    errors['License #'] = Messages.licenceExists;
  }
  return errors;
}

/** Receiving windows as one line: "Mon–Fri 09:00-17:00" style, grouping equal consecutive days. */
export function windowsText(w: Record<string, string> | undefined): string {
  if (!w) return '';
  const parts: string[] = [];
  let i = 0;
  while (i < DAYS.length) {
    const v = w[DAYS[i]![0]] ?? '';
    let j = i;
    while (j + 1 < DAYS.length && (w[DAYS[j + 1]![0]] ?? '') === v) j++;
    if (v) {
      const a = DAYS[i]![1].slice(0, 3);
      parts.push(`${j > i ? `${a}–${DAYS[j]![1].slice(0, 3)}` : a} ${v}`);
    }
    i = j + 1;
  }
  return parts.join(', ') || 'No receiving windows';
}

/** 'HH:MM-HH:MM' or empty (closed). */
export const isWindow = (s: string) =>
  !s.trim() || /^([01]\d|2[0-3]):[0-5]\d\s*-\s*([01]\d|2[0-3]):[0-5]\d$/.test(s.trim());

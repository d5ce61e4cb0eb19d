// The `min` metadata build: enough to parse and format every country, about a third of the full metadata's size
// (keep the browser bundle small).
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { LIMITS } from './constants.js';

/** A typed phone number has at most this many characters (accounts §5, §9: "max 16"), formatting included. */
export const PHONE_INPUT_MAX_LENGTH = LIMITS.phone;

/**
 * The spec's shape (accounts §5 "optional plus and parentheses, 3+3+4 to 6 digits"): an optional "+", an area code
 * optionally in parentheses, 3 digits, 4 to 6 digits, each group optionally set off by a space, dot or dash. The "+"
 * may also carry the North American country code ("+1 555 123 4567"; "1 555 123 4567"), the form people type.
 */
export const PHONE_PATTERN = /^(?:\+?1[-. ]?|\+)?\(?\d{3}\)?[-. ]?\d{3}[-. ]?\d{4,6}$/;

export interface ParsedPhone {
  /** What is stored: E.164 (+17605550100) when libphonenumber knows the number, else the text as typed (trimmed). */
  e164: string;
  /** What is shown: national format for North American numbers ((760) 555-0100), international for the rest. */
  display: string;
}

/**
 * The ONE phone rule (profile form and accounts server, accounts §5): at most 16 characters in the spec's shape
 * (PHONE_PATTERN), else undefined. What passes is normalised by libphonenumber where it can be (a North American
 * number with a real area code, or a valid number with its country code) and otherwise kept as typed: the spec
 * accepts "123-456-7890" or a 6-digit last group, which no numbering plan knows.
 */
export function parsePhone(input: unknown): ParsedPhone | undefined {
  if (typeof input !== 'string') return undefined;
  const s = input.trim();
  if (!s || s.length > PHONE_INPUT_MAX_LENGTH || !PHONE_PATTERN.test(s)) return undefined;
  const p = parsePhoneNumberFromString(s, 'US');
  if (p && !p.ext) {
    const nanp = p.countryCallingCode === '1';
    if (nanp ? /^[2-9]\d{9}$/.test(p.nationalNumber) : p.isValid())
      return { e164: p.number, display: nanp ? p.formatNational() : p.formatInternational() };
  }
  return { e164: s, display: s };
}

/** A stored number as people read it; a legacy value that does not parse is shown as stored. */
export const formatPhone = (stored: string | null | undefined): string =>
  stored ? (parsePhone(stored)?.display ?? stored) : '';

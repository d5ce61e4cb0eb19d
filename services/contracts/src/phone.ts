// The `min` metadata build: enough to parse and format every country, about a third of the full metadata's size
// (issue 8: keep the browser bundle small).
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { LIMITS } from './constants.js';

/** A typed phone number is read from at most this many characters (formatting included: "+1 (760) 555-0100"). */
export const PHONE_INPUT_MAX_LENGTH = 30;

export interface ParsedPhone {
  /** What is stored: E.164, e.g. +17605550100 (≤ LIMITS.phone characters). */
  e164: string;
  /** What is shown: national format for North American numbers ((760) 555-0100), international for the rest. */
  display: string;
}

/**
 * The ONE phone rule (profile form and accounts server, accounts §5 "valid US-style"): US numbers without a country
 * code, any number with one. A North American number needs 10 digits with an area code that does not start with 0
 * or 1 (fictional 555 numbers are accepted, as people type them in forms); other countries must be valid numbers
 * for their metadata. Extensions are refused (E.164 has none).
 */
export function parsePhone(input: unknown): ParsedPhone | undefined {
  if (typeof input !== 'string') return undefined;
  const s = input.trim();
  if (!s || s.length > PHONE_INPUT_MAX_LENGTH) return undefined;
  const p = parsePhoneNumberFromString(s, 'US');
  if (!p || p.ext) return undefined;
  const nanp = p.countryCallingCode === '1';
  if (nanp ? !/^[2-9]\d{9}$/.test(p.nationalNumber) : !p.isValid()) return undefined;
  if (p.number.length > LIMITS.phone) return undefined;
  return { e164: p.number, display: nanp ? p.formatNational() : p.formatInternational() };
}

/** A stored number as people read it; a legacy value that does not parse is shown as stored. */
export const formatPhone = (stored: string | null | undefined): string =>
  stored ? (parsePhone(stored)?.display ?? stored) : '';

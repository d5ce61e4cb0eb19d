// The light half of the licence picker (types and the option text), importable without downshift: the picker is a
// lazy chunk (parts.tsx).
import type { ReactNode } from 'react';

/** One row of GET /api/license/licensenumbers (ACCOUNTS-API.md, licence records). */
export interface LicenceOption {
  'License #': string;
  Licensee?: string;
  DBA?: string;
  City?: string;
}

export interface LicencePickerProps {
  /**
   * The options for a query (the domain supplies it: mfe-accounts binds GET /api/license/licensenumbers). The
   * design system never calls a domain API itself (it is domain-free); at most 100 answers are listed.
   */
  loadOptions: (query: string) => Promise<LicenceOption[]>;
  /** The chosen licence, or null while the text matches no chosen option. */
  value: LicenceOption | null;
  onChange: (value: LicenceOption | null) => void;
  /** The raw text typed (lets a form tell "nothing entered" from "entered but not chosen"). */
  onText?: (text: string) => void;
  label?: ReactNode;
  required?: boolean;
  error?: string | null;
  placeholder?: string;
  disabled?: boolean;
  /** data-testid of the input; the list is `<testId>-listbox`, each option `<testId>-option`, the status `<testId>-status`. */
  testId?: string;
}

/** What the input shows for a chosen licence. */
export const licenceText = (o: LicenceOption): string =>
  [o['License #'], o.Licensee].filter(Boolean).join(' — ');

import type { Verified } from '@portal/contracts';

/** The three verification states (accounts §4) as the table's editor values and their labels. */
export const VERIFIED_VALUES = ['true', 'false', 'suspended'] as const;
export type VerifiedText = (typeof VERIFIED_VALUES)[number];

export const toVerified = (v: string): Verified =>
  v === 'true' ? true : v === 'false' ? false : 'suspended';

export function verifiedLabel(v: Verified | string): string {
  const s = String(v);
  return s === 'true' ? 'Verified' : s === 'suspended' ? 'Suspended' : 'Not verified';
}

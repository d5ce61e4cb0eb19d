/**
 * Account states (accounts §4): a user's `verified` is false (applied, waiting for staff), true (approved) or
 * 'suspended'. Write the states through these names, never as string or boolean literals.
 */
export const AccountState = {
  Pending: false,
  Verified: true,
  Suspended: 'suspended',
} as const;
export type Verified = (typeof AccountState)[keyof typeof AccountState] | boolean;
/** @deprecated use AccountState.Suspended */
export const SUSPENDED = AccountState.Suspended;
export const isSuspended = (v: unknown): boolean => v === AccountState.Suspended;
export const isApproved = (v: unknown): boolean => v === AccountState.Verified;

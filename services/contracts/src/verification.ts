/** User verification (accounts §4): false, true or 'suspended'. */
export type Verified = boolean | 'suspended';
export const SUSPENDED = 'suspended' as const;
export const isSuspended = (v: unknown): boolean => v === SUSPENDED;

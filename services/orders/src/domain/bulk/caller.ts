import type { RoleNumber } from '@portal/contracts';

/** Who uploads: what the rules and the ledger need, never a token (a job's document holds it). */
export interface BulkCaller {
  userId: string;
  name: string;
  role: RoleNumber;
  /** licenceKey() of every licence of the caller's company (staff may upload for any). */
  companyKeys: string[];
  sameDayPickup?: boolean;
}

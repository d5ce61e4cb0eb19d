import type { CustodyReport } from '@portal/contracts';
import { readableOrder, type Caller } from '../order-access.js';
import { custodyReport } from './report.js';

/** The custody report of an order the caller may read (same tenancy as the order: else 404 "Order not found"). */
export async function custodyOf(c: Caller, id: string, now = new Date()): Promise<CustodyReport> {
  return custodyReport(await readableOrder(c, id, { history: true }), c.role, now);
}

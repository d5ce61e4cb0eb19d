import { Messages } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { User, type UserDoc } from '../models/user.js';
import { matchesCustomer } from '@portal/contracts/billing';
import { AccountingUnavailable, listCustomers } from '../adapters/accounting.js';

export interface AccountingEnv {
  ACCOUNTING_URL: string;
  ACCOUNTING_REALM: string;
  ACCOUNTING_TOKEN: string;
}

/** "Sync Quickbooks": marks company users whose company matches no accounting customer (data.notification.qbMismatch). */
export async function compareCustomers(env: AccountingEnv) {
  let customers;
  try {
    customers = await listCustomers(env.ACCOUNTING_URL, env.ACCOUNTING_REALM, env.ACCOUNTING_TOKEN);
  } catch (e) {
    if (e instanceof AccountingUnavailable) throw new Problem(502, Messages.accountingUnavailable);
    throw e;
  }
  const users = await User.find({ 'company.Licensee': { $exists: true } }).lean<UserDoc[]>();
  const mismatches: string[] = [];
  for (const u of users) {
    const mismatch = !matchesCustomer(u, customers);
    if (mismatch) mismatches.push(u.email);
    if (u.data?.notification?.qbMismatch !== mismatch) {
      await User.updateOne({ _id: u._id }, { $set: { 'data.notification.qbMismatch': mismatch } });
    }
  }
  return { mismatches: mismatches.sort(), checked: users.length };
}

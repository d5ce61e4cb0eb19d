import type { AccountingCustomer, ReconVendor } from '@portal/contracts/billing';
import { NameModel, type NameEntry } from '../../readmodels/order-projection.js';
import { vendorMatches, type CustomerCache } from '../../adapters/accounting.js';

/** Every vendor name entry (`vendor:<licence>`; read by `kind` equality: a few hundred). */
async function vendorEntries(): Promise<NameEntry[]> {
  return NameModel.find({ kind: 'vendor' }).lean<NameEntry[]>();
}
const lnOf = (e: NameEntry) => e._id.slice('vendor:'.length);

/** The vendor picker: sorted by name, optionally only registered accounts or a name/licence search. */
export async function listVendors(
  q: { registeredOnly?: boolean; q?: string },
  compare: CustomerCache,
): Promise<{ vendors: ReconVendor[]; compare: boolean }> {
  const needle = (q.q ?? '').trim().toLowerCase();
  const entries = (await vendorEntries()).filter(
    (e) =>
      !e.deleted &&
      (!q.registeredOnly || e.registered) &&
      (!needle || e.name.toLowerCase().includes(needle) || lnOf(e).toLowerCase().includes(needle)),
  );
  const list = await compare.get();
  const vendors = entries
    .map((e) => ({
      licenseNumber: lnOf(e),
      name: e.name || lnOf(e),
      registered: !!e.registered,
      ...(list.ok ? { mismatch: !!e.registered && !vendorMatches(e.name, list.customers) } : {}),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.licenseNumber.localeCompare(b.licenseNumber));
  return { vendors, compare: list.ok };
}

/** The licences of registered vendors whose name matches no accounting customer. */
export async function vendorMismatches(customers: AccountingCustomer[]): Promise<string[]> {
  return (await vendorEntries())
    .filter((e) => !e.deleted && e.registered && !vendorMatches(e.name, customers))
    .map(lnOf)
    .sort();
}

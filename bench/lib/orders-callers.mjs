// The bench's companies and callers in the orders instance's read models (licences and members), written before
// each orders run over a scale's database (lib/orders-run.mjs).
import { createHash } from 'node:crypto';
import {
  BENCH_PUBLIC_TOKEN,
  MEASURED_DRIVER,
  N_COMPANIES,
  company,
  driverId,
  licence,
} from './orders-seed.mjs';

/** The 200 bench companies in orders' licence read model (what the create and bulk checks look licences up in). */
export async function seedBenchLicences(db, companies = N_COMPANIES) {
  const ops = Array.from({ length: companies }, (_, c) => ({
    updateOne: {
      filter: { licenseKey: licence(c) },
      update: {
        $set: {
          licenseKey: licence(c),
          ...company(c),
          pickupRoute: [],
          active: true,
          FacilityType: 'Recreational',
          deleted: false,
          asOf: new Date('2100-01-01'),
        },
      },
      upsert: true,
    },
  }));
  await db.collection('licences').bulkWrite(ops, { ordered: false });
}

/**
 * The bench callers in orders' members read model: the demo account admin in company 7 (outgoing/incoming/placed),
 * the demo user in company 8, the demo driver linked to driver 3. `asOf` far ahead: a feed fill of the real
 * members (the instance asks accounts for a snapshot) never overwrites them.
 */
export async function seedBenchMembers(db, subs) {
  const members = [
    {
      userId: 'bench-user-7',
      sub: subs.accountadmin,
      role: 3,
      companyKeys: [licence(7)],
      publicOrdersHash: createHash('sha256').update(BENCH_PUBLIC_TOKEN).digest('hex'),
    },
    { userId: 'bench-user-8', sub: subs.user, role: 4, companyKeys: [licence(8)] },
    {
      userId: 'bench-driver',
      sub: subs.driver,
      role: 2,
      companyKeys: [],
      driverId: driverId(MEASURED_DRIVER),
    },
  ];
  for (const m of members)
    await db.collection('members').updateOne(
      { userId: m.userId },
      {
        $set: {
          ...m,
          email: '',
          alertsEmail: false,
          deleted: false,
          suspended: false,
          licenseNumbers: m.companyKeys,
          asOf: new Date('2100-01-01'),
          driverAsOf: new Date('2100-01-01'),
          driverId: m.driverId ?? '',
        },
      },
      { upsert: true },
    );
}

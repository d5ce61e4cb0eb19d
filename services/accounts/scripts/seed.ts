import { pathToFileURL } from 'node:url';
import { User } from './models/user.js';
import { COMPANY_PROFILES, DEMO_PROFILES, type SeedProfile } from './seed-data.js';
import { buildApp } from './app.js';
import { seedLicences } from './seed-licences.js';

/**
 * Creates the demo profiles and sample company users. Idempotent: existing profiles are left as they are
 * (a walk-through's changes survive a restart) unless `reset` is true, which puts the demo fields back
 * (e.g. user@demo.portal unverified again). Requires the accounts mongoose connection to be open.
 */
export async function seed({ reset = false } = {}): Promise<{
  created: number;
  reset: number;
  licences: number;
}> {
  const licences = await seedLicences();
  let created = 0;
  let resetCount = 0;
  for (const p of [...DEMO_PROFILES, ...COMPANY_PROFILES] as SeedProfile[]) {
    const fields = {
      role: p.role,
      verified: p.verified,
      name: p.name,
      company: p.company,
      sameDayPickup: !!p.sameDayPickup,
    };
    const res = await User.updateOne(
      { email: p.email },
      reset
        ? { $set: fields, $setOnInsert: { email: p.email } }
        : { $setOnInsert: { email: p.email, ...fields } },
      { upsert: true },
    );
    if (res.upsertedCount) created++;
    else if (reset && res.modifiedCount) resetCount++;
  }
  return { created, reset: resetCount, licences };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const app = await buildApp();
  await app.ready();
  const result = await seed({ reset: process.argv.includes('--reset') });
  app.log.info(result, 'accounts seed done');
  await app.close();
}

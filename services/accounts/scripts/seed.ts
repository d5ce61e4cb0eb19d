import { pathToFileURL } from 'node:url';
import mongoose from 'mongoose';
import { AccountState, type RoleNumber } from '@portal/contracts';
import { loadEnv } from '@portal/service-kit';
import { User } from '../src/models/user.js';
import { COMPANY_PROFILES, DEMO_PROFILES, type SeedProfile } from './seed-data.js';
import { seedLicences } from './seed-licences.js';
import { seedLogins } from './seed-logins.js';
import { KeycloakClient, keycloakFromEnv } from '../src/adapters/keycloak/index.js';

/**
 * Creates the demo profiles and sample company users through the models (their hooks keep the derived keys:
 * licenseKey, companyKeys, E.164 phones), without booting the service. Idempotent: existing profiles are left as they
 * are (a walk-through's changes survive a restart) unless `reset` is true, which puts the demo fields back (e.g.
 * user@demo.portal unverified again). Requires the accounts mongoose connection to be open.
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
      role: p.role as RoleNumber,
      verified: p.verified ?? AccountState.Pending,
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

/**
 * `npm run seed` (and `npm start`): the accounts database of the env (MONGO_URL, MONGO_DB or
 * portal_accounts, as the service picks it), seeded, closed. Indexes are the service's start-up migration's job.
 */
export async function main(argv = process.argv): Promise<void> {
  const env = loadEnv();
  await mongoose.connect(env.MONGO_URL, {
    dbName: env.MONGO_DB || 'portal_accounts',
    serverSelectionTimeoutMS: 10_000,
    autoIndex: false,
    autoCreate: false,
  });
  try {
    const result = await seed({ reset: argv.includes('--reset') });
    // every seeded user can sign in (the sample company users are not in the realm file)
    const logins = await seedLogins(new KeycloakClient(keycloakFromEnv(env)), [
      ...DEMO_PROFILES,
      ...COMPANY_PROFILES,
    ]);
    console.log(JSON.stringify({ msg: 'accounts seed done', ...result, logins }));
  } finally {
    await mongoose.disconnect();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();

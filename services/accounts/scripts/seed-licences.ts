import { DEFAULT_RECEIVING_WINDOWS } from '@portal/contracts';
import { LicenceRecord } from '../src/models/licence-record.js';
import { COMPANY_PROFILES, DEMO_PROFILES, type SeedProfile } from './seed-data.js';

/** Deterministic PRNG (mulberry32): the same several hundred records on every machine and every run. */
function mulberry32(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const CITIES: [string, string][] = [
  ['Sacramento', '958'],
  ['Oakland', '946'],
  ['San Jose', '951'],
  ['Fresno', '937'],
  ['Los Angeles', '900'],
  ['San Diego', '921'],
  ['Long Beach', '908'],
  ['Santa Rosa', '954'],
  ['Eureka', '955'],
  ['Stockton', '952'],
  ['Modesto', '953'],
  ['Bakersfield', '933'],
  ['Riverside', '925'],
  ['Palm Springs', '922'],
  ['Salinas', '939'],
  ['Redding', '960'],
  ['Chico', '959'],
  ['Berkeley', '947'],
  ['Santa Cruz', '950'],
  ['Ukiah', '954'],
];
const WORDS = [
  'Green',
  'Golden',
  'Coastal',
  'Redwood',
  'Sierra',
  'Valley',
  'Harbor',
  'Summit',
  'Pacific',
  'Emerald',
  'Canyon',
  'Sunset',
  'Cedar',
  'Oak',
  'River',
  'Bay',
  'Pine',
  'Meadow',
  'Mesa',
  'Highland',
];
const NOUNS = [
  'Leaf',
  'Bloom',
  'Roots',
  'Harvest',
  'Farms',
  'Gardens',
  'Botanicals',
  'Collective',
  'Wellness',
  'Supply',
];
const STREETS = [
  'Main St',
  'Oak Ave',
  'Market St',
  'Broadway',
  'Industrial Way',
  'Commerce Dr',
  'Harbor Blvd',
  'Mission St',
  'Elm St',
  'Park Ave',
  'Railroad Ave',
  'Airport Rd',
];
const ROUTES = ['North Coast', 'Bay Area', 'Central Valley', 'SoCal', 'Inland Empire', 'Sierra Foothills'];
const DAYS = ['mon', 'tue', 'wed', 'thur', 'fri'];
export const GENERATED_LICENCES = 400;

/** The generated records plus one per seeded company (so the demo users' companies point at real records). */
export function licenceSeedRecords(): Record<string, unknown>[] {
  const rnd = mulberry32(20260101);
  const pick = <T>(xs: T[]) => xs[Math.floor(rnd() * xs.length)]!;
  const out = new Map<string, Record<string, unknown>>();
  for (const p of [...DEMO_PROFILES, ...COMPANY_PROFILES] as SeedProfile[]) {
    const c = p.company as Record<string, string> | undefined;
    if (!c?.['License #']) continue;
    out.set(c['License #'], {
      'License #': c['License #'],
      Licensee: c.Licensee,
      DBA: c.DBA,
      'Street Address': c['Street Address'],
      City: c.City,
      Zip: c.Zip,
      emails: [p.email],
      pickupRoute: [],
      windows: { ...DEFAULT_RECEIVING_WINDOWS },
      active: true,
      FacilityType: 'Recreational',
    });
  }
  for (let i = 0; out.size < GENERATED_LICENCES + 11 && i < 5000; i++) {
    const medical = rnd() < 0.35;
    const lic = `${medical ? 'M' : 'C'}${pick(['10', '11', '12'])}-${String(Math.floor(rnd() * 9_000_000) + 1_000_000).padStart(7, '0')}-LIC`;
    if (out.has(lic)) continue;
    const [city, zip3] = pick(CITIES);
    const dba = `${pick(WORDS)} ${pick(NOUNS)}`;
    const open = pick(['08:00', '09:00', '10:00']);
    const close = pick(['16:00', '17:00', '18:00']);
    const windows = Object.fromEntries(
      Object.entries(DEFAULT_RECEIVING_WINDOWS).map(([d, def]) => [
        d,
        def ? `${open}-${close}` : rnd() < 0.15 ? '10:00-14:00' : '',
      ]),
    );
    const slug = dba.toLowerCase().replace(/[^a-z]+/g, '');
    out.set(lic, {
      'License #': lic,
      Licensee: `${dba} ${pick(['LLC', 'Inc.', 'Holdings LLC', 'Group Inc.'])}`,
      DBA: dba,
      'Street Address': `${Math.floor(rnd() * 9800) + 100} ${pick(STREETS)}`,
      City: city,
      Zip: `${zip3}${String(Math.floor(rnd() * 90) + 10)}`,
      emails: [`receiving@${slug}${i}.example`],
      pickupRoute: rnd() < 0.3 ? [{ route: pick(ROUTES), day: pick(DAYS) }] : [],
      windows,
      active: rnd() > 0.05,
      FacilityType: medical ? 'Medical' : 'Recreational',
    });
  }
  return [...out.values()];
}

/** Inserts the records that are missing (by 'License #'); existing ones are left as they are. */
export async function seedLicences(): Promise<number> {
  const records = licenceSeedRecords();
  const have = new Set(
    (await LicenceRecord.find({}, { 'License #': 1 }).lean<{ 'License #': string }[]>()).map(
      (r) => r['License #'],
    ),
  );
  const missing = records.filter((r) => !have.has(r['License #'] as string));
  for (let i = 0; i < missing.length; i += 100)
    await LicenceRecord.insertMany(missing.slice(i, i + 100), { ordered: false });
  return missing.length;
}

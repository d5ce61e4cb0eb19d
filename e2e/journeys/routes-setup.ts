// What the journey's evening (12-…) starts from, made through the portal's API as staff would make it: an overnight
// route serving the receiver's zip Mon/Wed/Fri, a pickup route passing the vendor's zip Tue/Thu, the vendor's
// licence record naming that pickup route on Tuesdays, the receiver's, and both companies' verified users. Each
// thing is written to the state as soon as it exists, so the teardown finds it even when the setup stops half-way.
import { randomInt } from 'node:crypto';
import { expect, type ApiClient, type Mailbox } from '../fixtures/index.ts';
import { journeyWeek, plusDays } from '../fixtures/journey.ts';
import { writeRoutesDay, type RoutesDay } from '../fixtures/journey-routes.ts';
import { SOON } from '../fixtures/journey-test.ts';
import { verifiedUser } from './setup.ts';

/** A zip (`98xxx`) no delivery route serves yet, so only the route the evening makes serves it. */
async function freeZip(staff: ApiClient, not: string[] = []): Promise<string> {
  for (let i = 0; i < 30; i++) {
    const zip = `98${String(randomInt(0, 1000)).padStart(3, '0')}`;
    if (not.includes(zip)) continue;
    const found = await staff.call('/api/routes/find', { zip });
    expect(found.status, JSON.stringify(found.json)).toBe(200);
    if (!found.json.data.routes.some((r: { utility: boolean }) => !r.utility)) return zip;
  }
  throw new Error('no free 98xxx zip');
}

async function route(staff: ApiClient, name: string, row: Record<string, unknown>, start: string) {
  const r = await staff.call('/api/routes/create', {
    route: { name, data: { startTime: start, rows: [{ city: 'Journeyville', price: 0, ...row }] } },
  });
  expect([200, 201], JSON.stringify(r.json)).toContain(r.status);
  return r.json.data.route.id as string;
}

async function licence(staff: ApiClient, record: Record<string, unknown>) {
  const r = await staff.call('/api/license/create', { record: { City: 'Journeyville', ...record } });
  expect([200, 201], `licence ${String(record['License #'])}: ${JSON.stringify(r.json)}`).toContain(r.status);
  return r.json.record.id as string;
}

export async function evening(staff: ApiClient, mailbox: Mailbox): Promise<RoutesDay> {
  const tag = Date.now().toString(36);
  const mon = journeyWeek();
  const zip = await freeZip(staff);
  const vendorZip = await freeZip(staff, [zip]);
  const s: RoutesDay = {
    tag,
    mon,
    tue: plusDays(mon, 1),
    wed: plusDays(mon, 2),
    thu: plusDays(mon, 3),
    zip,
    vendorZip,
    night: { id: '', name: `E2E Night ${tag}` },
    pickup: { id: '', name: `E2E Pickups ${tag}` },
    // every destination below has an R, so the licence type check (orders §5) passes whatever the tag holds
    vendor: {
      licence: `E2E-NV-${tag}`.toUpperCase(),
      email: `e2e-nvendor-${tag}@test.portal`,
      name: `Night Farms ${tag}`,
    },
    receiver: {
      licence: `E2E-NR-${tag}`.toUpperCase(),
      email: `e2e-nreceiver-${tag}@test.portal`,
      name: `Night Shop ${tag}`,
      address: '9 Lantern Lane',
    },
    nm: {
      licence: `NM-REC-E2E-${tag}`.toUpperCase(),
      name: `Mesa Dispensary ${tag}`,
      address: '12 Mesa Rd',
      city: 'Santa Fe',
      zip: '87501',
    },
    licenceIds: [],
    routeIds: [],
    users: [],
    orders: [],
  };
  writeRoutesDay(s);
  s.night.id = await route(
    staff,
    s.night.name,
    { zipCode: zip, dayOfTheWeek: 'mon,wed,fri', overnight: true },
    '20:00',
  );
  s.routeIds.push(s.night.id);
  writeRoutesDay(s);
  s.pickup.id = await route(staff, s.pickup.name, { zipCode: vendorZip, dayOfTheWeek: 'tue,thur' }, '07:00');
  s.routeIds.push(s.pickup.id);
  writeRoutesDay(s);

  s.licenceIds.push(
    await licence(staff, {
      'License #': s.vendor.licence,
      Licensee: `${s.vendor.name} LLC`,
      DBA: s.vendor.name,
      'Street Address': '3 Orchard Row',
      Zip: vendorZip,
      pickupRoute: [{ route: s.pickup.name, day: 'tue' }],
    }),
  );
  writeRoutesDay(s);
  s.licenceIds.push(
    await licence(staff, {
      'License #': s.receiver.licence,
      Licensee: `${s.receiver.name} LLC`,
      DBA: s.receiver.name,
      'Street Address': s.receiver.address,
      Zip: zip,
    }),
  );
  writeRoutesDay(s);

  for (const [email, lic] of [
    [s.vendor.email, s.vendor.licence],
    [s.receiver.email, s.receiver.licence],
  ] as const) {
    s.users.push(email);
    writeRoutesDay(s);
    await verifiedUser(staff, mailbox, email, lic);
  }

  // orders reads the licence records from accounts' facts: the pickup route and the zip are there before ordering
  const view = (lic: string) => staff.call(`/api/orders/destination?licence=${encodeURIComponent(lic)}`);
  await expect
    .poll(async () => (await view(s.vendor.licence)).json?.data?.pickupRoute, { ...SOON, timeout: 15_000 })
    .toEqual([{ route: s.pickup.name, day: 'tue' }]);
  await expect
    .poll(async () => (await view(s.receiver.licence)).json?.data?.zip, { ...SOON, timeout: 15_000 })
    .toBe(zip);
  return s;
}

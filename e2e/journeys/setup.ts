// What the journey's morning starts from, made through the portal's own API as staff would make it (never the demo
// data): the two companies' licence records on a zip of the run's own, the route serving that zip Mon/Wed/Fri, the
// receiver's account, and the driver (a fleet driver and his Driver account, password set from the welcome code).
// The vendor signs up through the screens in the first step.
import { Role } from '@portal/contracts';
import { expect, codeIn, publicPost, PASSWORD, type ApiClient, type Mailbox } from '../fixtures/index.ts';
import { journeyWeek, plusDays, type JourneyState } from '../fixtures/journey.ts';

async function licence(staff: ApiClient, lic: string, name: string, address: string, zip: string) {
  const r = await staff.call('/api/license/create', {
    record: {
      'License #': lic,
      Licensee: `${name} LLC`,
      DBA: name,
      'Street Address': address,
      City: 'Journeyville',
      Zip: zip,
    },
  });
  expect([200, 201], `licence ${lic}: ${JSON.stringify(r.json)}`).toContain(r.status);
  return r.json.record.id as string;
}

/** A pin-verified sign-up arranged through the API and the mailbox, then verified by staff. */
export async function verifiedUser(staff: ApiClient, mailbox: Mailbox, email: string, lic: string) {
  const since = Date.now();
  const r = await publicPost('/api/auth/signUp', {
    email,
    password: PASSWORD,
    data: { company: { 'License #': lic } },
    method: 'license',
  });
  expect(r.status, `signUp ${email}: ${await r.clone().text()}`).toBe(201);
  const pin = codeIn(await mailbox.waitForMailTo(email, 'Verify your email', { since }));
  const v = await publicPost('/api/auth/verify', { email, pin });
  expect(v.ok, `verify ${email}`).toBe(true);
  const ok = await staff.call('/api/users/update', { user: { email, verified: true } });
  expect(ok.status, JSON.stringify(ok.json)).toBe(200);
}

/** The driver: fleet's record (what schedules and orders name) and his account (staff-made, so verified). */
async function driverAccount(staff: ApiClient, mailbox: Mailbox, email: string, name: string) {
  const fleet = await staff.call('/api/drivers/update', {
    driver: { name, email, phone: '', lic: '', occLic: '' },
  });
  expect(fleet.status, JSON.stringify(fleet.json)).toBe(200);
  const since = Date.now();
  const [firstName, lastName] = name.split(' ', 2);
  const made = await staff.call('/api/users/create', {
    user: { email, role: Role.Driver, name: { firstName, lastName } },
  });
  expect([200, 201], `driver account: ${JSON.stringify(made.json)}`).toContain(made.status);
  const welcome = await mailbox.waitForMailTo(email, 'Your Portal account has been created', { since });
  const set = await publicPost('/api/auth/forgotPasswordSubmit', {
    email,
    code: codeIn(welcome),
    password: PASSWORD,
  });
  expect(set.status, `driver password: ${await set.clone().text()}`).toBe(200);
  return fleet.json.data.driver.id as string;
}

/** Everything but the vendor's own sign-up; the state the steps hand on. */
export async function morning(
  staff: ApiClient,
  mailbox: Mailbox,
  save: (s: JourneyState) => void,
): Promise<JourneyState> {
  const tag = Date.now().toString(36);
  const zip = `97${String(Date.now()).slice(-3)}`;
  const week = journeyWeek();
  const s: JourneyState = {
    tag,
    zip,
    week,
    pickupDay: plusDays(week, 2),
    deliveryDay: plusDays(week, 4),
    wrongDay: plusDays(week, 1),
    licenceIds: [],
    vendor: {
      licence: `E2E-JV-${tag}`.toUpperCase(),
      email: `e2e-jvendor-${tag}@test.portal`,
      name: `Journey Farms ${tag}`,
      address: '12 Harvest Road',
    },
    receiver: {
      licence: `E2E-JR-${tag}`.toUpperCase(),
      email: `e2e-jreceiver-${tag}@test.portal`,
      name: `Journey Shop ${tag}`,
      address: '48 Market Street',
    },
    driver: { email: `e2e-jdriver-${tag}@test.portal`, name: `Jordan Wheeler${tag.slice(-3)}`, fleetId: '' },
    vehicle: { id: '', name: `E2E Journey Van ${tag}` },
    route: { id: '', name: `E2E Journey ${tag}` },
    users: [],
    mailboxes: [],
    marks: {},
  };
  s.mailboxes.push(s.vendor.email, s.receiver.email, s.driver.email);
  // written after each thing made, so the teardown finds whatever exists even when the morning stops half-way
  save(s);
  for (const c of [s.vendor, s.receiver]) {
    s.licenceIds.push(await licence(staff, c.licence, c.name, c.address, zip));
    save(s);
  }

  const route = await staff.call('/api/routes/create', {
    route: {
      name: s.route.name,
      data: {
        startTime: '08:00',
        rows: [{ city: 'Journeyville', zipCode: zip, dayOfTheWeek: 'mon,wed,fri', price: 0 }],
      },
    },
  });
  expect([200, 201], JSON.stringify(route.json)).toContain(route.status);
  s.route.id = route.json.data.route.id;
  save(s);

  const van = await staff.call('/api/vehicles/create', {
    vehicle: { name: s.vehicle.name, lic: `E2EJ${tag}`.slice(0, 20).toUpperCase(), status: 1 },
  });
  expect([200, 201], JSON.stringify(van.json)).toContain(van.status);
  s.vehicle.id = van.json.data.vehicle.id;
  save(s);

  s.users.push(s.receiver.email);
  save(s);
  await verifiedUser(staff, mailbox, s.receiver.email, s.receiver.licence);
  s.users.push(s.driver.email);
  save(s);
  s.driver.fleetId = await driverAccount(staff, mailbox, s.driver.email, s.driver.name);
  save(s);
  return s;
}

// Attacks on the operations domains (dispatch = routing, fleet, billing): a company user or a driver reaching staff
// work, one company's figures through another's licence, and guessing a receiver's tracking link. Each replays
// what an attacker with an ordinary account would try; the demo users are never used.
import { Messages } from '@portal/contracts';
import { api, grant, makeUser } from './lib.mjs';

const FORBIDDEN = Messages.forbidden;
const blocked = (detail) => ({ open: false, detail });
const open = (detail) => ({ open: true, detail });

/** A signed-in throwaway user of `role`, after its first request (which links the profile to its login). */
async function signedIn(tag, role) {
  const u = await makeUser(tag, { role });
  const token = (await grant(u.email)).access_token;
  await api('GET', '/users/me', { token });
  return token;
}

/**
 * Calls each [method, path] as `token`; answers the ones that were not refused by the role guard (403 with the
 * permission message: a 403 for another reason, e.g. an account under review, would prove nothing about roles).
 */
async function notRefused(token, calls) {
  const through = [];
  for (const [method, path] of calls) {
    const r = await api(method, path, { token, body: method === 'GET' ? undefined : {} });
    if (r.status !== 403 || r.json?.message !== FORBIDDEN)
      through.push(`${method} ${path} → ${r.status} ${r.json?.message ?? ''}`);
  }
  return through;
}

// Staff-only work of each operations domain (the services' role tables: fleet STAFF, billing STAFF/staff,
// routing's schedule and weekly writes).
const STAFF_ONLY = [
  ['GET', '/drivers'],
  ['POST', '/drivers'],
  ['POST', '/vehicles/create'],
  ['GET', '/vehicles/export.xlsx'],
  ['GET', '/reports'],
  ['POST', '/reports/run'],
  ['GET', '/billing/invoice'],
  ['GET', '/billing/vendors'],
  ['POST', '/orders/reconciliation'],
  ['GET', '/billing/dashboard/operations'],
  ['POST', '/driverschedule/update'],
  ['POST', '/driverschedule/copy'],
];
// Dispatch's day and maps are the drivers' tools too, never a company's.
const OPERATIONS = [
  ['POST', '/orders/schedule'],
  ['GET', '/schedule/live'],
  ['GET', '/maps/config'],
  ['POST', '/maps/geocode'],
  ['GET', '/vehicles'],
  ['GET', '/vehicles/fleetmanager'],
];

export const domainAttacks = [
  [
    'a company user calls staff and dispatch routes of fleet, billing and routing',
    async () => {
      const token = await signedIn('company-user', 4);
      const through = await notRefused(token, [...STAFF_ONLY, ...OPERATIONS]);
      return through.length
        ? open(`not refused: ${through.join(', ')}`)
        : blocked(`${STAFF_ONLY.length + OPERATIONS.length} routes answered 403`);
    },
  ],
  [
    'a driver calls staff-only fleet, billing and weekly-schedule routes',
    async () => {
      const token = await signedIn('driver', 2);
      const through = await notRefused(token, STAFF_ONLY);
      return through.length
        ? open(`not refused: ${through.join(', ')}`)
        : blocked(`${STAFF_ONLY.length} routes answered 403`);
    },
  ],
  [
    "a company user asks for another company's billing dashboard by licence",
    async () => {
      const token = await signedIn('dash-user', 3);
      const mine = await api('GET', '/billing/dashboard/vendor', { token });
      const other = await api('GET', '/billing/dashboard/vendor?vendorLN=C12-0000001-LIC', { token });
      if (mine.status !== other.status) return open(`own ${mine.status}, other licence ${other.status}`);
      return JSON.stringify(mine.json) === JSON.stringify(other.json)
        ? blocked(`the licence asked for is ignored for a company (${other.status}, same answer as its own)`)
        : open('the answer changed with the licence asked for');
    },
  ],
  [
    "guessing a receiver's tracking link",
    async () => {
      const guesses = ['1', 'abc', '0000000000000000', 'AAAAAAAAAAAAAAAAAAAAAA', 'x'.repeat(43), '../orders'];
      const answers = [];
      for (const g of guesses) answers.push((await api('GET', `/track/${encodeURIComponent(g)}`)).status);
      const leaked = answers.filter((s) => s < 300).length;
      return leaked
        ? open(`${leaked} guesses answered with an order`)
        : blocked(`${guesses.length} guesses answered ${[...new Set(answers)].join('/')}`);
    },
  ],
];

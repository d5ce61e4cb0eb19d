// Profile / Edit Account / Create New Account (test/portal-profile*.test.ts): a stateful fake of the users routes
// with six demo users who all sign in with the demo password.
import { fake, type Route } from '@portal/ui/testing/portal';

const profileCompany = (lic: string, name: string) => ({
  'License #': lic,
  Licensee: name,
  DBA: `${name} DBA`,
  'Street Address': '1 Main St',
  City: 'Trenton',
  Zip: '08601',
  licenseNumbers: [],
  phone: '(555) 123-4567',
  billingContactName: 'Bill Payer',
  billingContactEmail: 'bill@example.test',
  billingAddress: '2 Main St',
});
/** A link token as accounts makes them: 43 base64url characters (here a readable, numbered one). */
export const linkToken = (n: number) => `demoLink${String(n).padStart(3, '0')}`.padEnd(43, 'x');
const person = (id: string, email: string, role: number, firstName: string, lastName: string) => ({
  id,
  email,
  role,
  verified: true as boolean | 'suspended',
  hasSentEmail: true,
  name: { firstName, lastName },
  alerts: { email: true },
});

export function profileUsers(): Array<Record<string, any>> {
  return [
    {
      ...person('p0', 'superadmin@demo.portal', 0, 'Sue', 'Super'),
      company: profileCompany('SA-1', 'Portal HQ LLC'),
    },
    {
      ...person('p1', 'admin@demo.portal', 1, 'Ada', 'Admin'),
      company: profileCompany('AD-1', 'Portal HQ LLC'),
    },
    {
      ...person('p2', 'driver@demo.portal', 2, 'Dan', 'Driver'),
      company: { Licensee: 'Portal Fleet LLC', DBA: 'Fleet', phone: '555-123-4567' },
      alerts: { email: false },
    },
    {
      ...person('p3', 'accountadmin@demo.portal', 3, 'Acme', 'Owner'),
      company: profileCompany('C-100', 'Acme Cannabis LLC'),
      publicorderslink: `/dashboard/publicorders?token=${linkToken(1)}`,
    },
    {
      ...person('p4', 'user@demo.portal', 4, 'Uma', 'User'),
      verified: 'suspended',
      company: profileCompany('C-100', 'Acme Cannabis LLC'),
    },
    {
      ...person('p5', 'new@demo.portal', 4, 'Nina', 'New'),
      verified: false,
      hasSentEmail: false,
      company: { 'License #': 'C-200' },
    },
  ];
}

const UPDATED = 'Profile updated successfully!';
export const LAST_FACTOR =
  'This is your only second factor and your role must sign in with one: set up an authenticator app or register another security key first.';
const UNDER_REVIEW = 'Your account is under review. You will receive an email once it has been verified.';

export function profileRoutes(users = profileUsers()): Route {
  const find = (email: unknown) => users.find((u) => u.email === email);
  let uploads = 0;
  let links = 1;
  const factors = {
    required: true,
    authenticatorApp: false,
    keys: [
      { id: 'k-desk', label: 'Desk key', createdAt: '2026-11-02T09:00:00.000Z' },
      { id: 'k-travel', label: 'Travel key', createdAt: '2026-11-20T09:00:00.000Z' },
    ],
  };
  return (c) => {
    const { path, input } = c;
    if (path === '/api/utils/config') return c.reply(200, { data: { logoType: 'nj', 'sigs.show': true } });
    const me = find(c.who);
    if (!me) return c.fail(401, 'Unauthorized');
    if (path === '/api/users/me') return c.reply(200, { user: me });
    // Sign-in security (staff only): one key, no authenticator app; the last factor is kept (409)
    if (path === '/api/users/me/second-factors') {
      if (me.role > 1) return c.fail(403, 'Forbidden');
      return c.reply(200, { data: factors });
    }
    const key = /^\/api\/users\/me\/second-factors\/keys\/([^/]+)$/.exec(path);
    if (key && c.method === 'DELETE') {
      if (me.role > 1) return c.fail(403, 'Forbidden');
      if (!factors.keys.some((k) => k.id === key[1]))
        return c.fail(404, 'That security key is not registered to your account.');
      if (factors.keys.length === 1 && !factors.authenticatorApp) return c.fail(409, LAST_FACTOR);
      factors.keys = factors.keys.filter((k) => k.id !== key[1]);
      return c.reply(200, { message: 'The security key was removed.', data: factors });
    }
    if (path === '/api/users') return c.reply(200, { data: { users } });
    if (path === '/api/users/invites') return c.reply(200, { data: { invites: [] } });
    // The stored file's URL, as the service answers it (its GET is a 404 here: the preview only needs the URL).
    if (path === '/api/utils/uploadfile')
      return c.reply(200, { data: { result: `/api/utils/file/uploads/${input.kind}-${++uploads}.png` } });
    const attached = /^\/api\/users\/([^/]+)\/attached$/.exec(path);
    if (attached) {
      const lic = find(attached[1])?.company?.['License #'];
      const others = users.filter((u) => u.email !== attached[1] && u.company?.['License #'] === lic);
      return c.reply(200, { data: { users: others } });
    }
    if (path === '/api/users/update' && Array.isArray(input.users)) {
      for (const x of input.users) Object.assign(find(x.email) ?? {}, { verified: x.verified });
      return c.reply(200, { message: UPDATED });
    }
    if (path === '/api/users/update') {
      const u = find(input.user?.email);
      if (!u) return c.fail(404, 'User not found');
      if (input.user.company?.DBA === 'FAIL') return c.fail(400, 'DBA is not allowed');
      const first = !u.hasSentEmail;
      // the public orders link's switch and regenerate (accounts: a new token each time it is made)
      const { publicOrders, ...changes } = input.user;
      if (publicOrders === 'off') delete u.publicorderslink;
      else if (publicOrders === 'regenerate' || (publicOrders === 'on' && !u.publicorderslink))
        u.publicorderslink = `/dashboard/publicorders?token=${linkToken(++links)}`;
      Object.assign(u, changes, { hasSentEmail: true });
      return c.reply(200, { user: u, message: first ? UNDER_REVIEW : UPDATED });
    }
    if (path === '/api/users/create') {
      if (find(input.user?.email))
        return c.fail(400, 'This email already exists. Please create account with a different email.');
      users.push({ id: `n${users.length}`, role: 4, verified: false, hasSentEmail: false, ...input.user });
      return c.reply(201, { user: find(input.user.email), message: 'Account created successfully!' });
    }
    if (path === '/api/users/delete') return c.reply(200, { message: 'User deleted' });
    const one = /^\/api\/users\/([^/]+)$/.exec(path);
    if (one && find(one[1])) return c.reply(200, { user: find(one[1]) });
    return undefined;
  };
}

export const profileApi = (calls: string[], users = profileUsers()) => fake(calls, profileRoutes(users));

// The common fake /api layer (smoke, session and frame tests) and the users the other layers build on.
import { fake, type Route } from './fake.js';

export const USERS = [
  {
    id: '1',
    email: 'admin@demo.portal',
    name: { firstName: 'Ada', lastName: 'Admin' },
    role: 1,
    verified: true,
    company: { Licensee: 'Demo Logistics LLC', DBA: 'Demo' },
    // the profile's public orders link is on (a token as accounts makes them): the Copy button shows
    publicorderslink: '/dashboard/publicorders?token=demoAdminLinkxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx',
  },
  {
    id: '2',
    email: 'user@demo.portal',
    name: { firstName: 'Uma', lastName: 'User' },
    role: 4,
    verified: false,
    company: { Licensee: 'Green Leaf LLC' },
  },
  {
    id: '3',
    email: 'driver@demo.portal',
    role: 2,
    verified: 'suspended' as const,
    company: { Licensee: 'Demo Logistics' },
  },
];
/** Enough accounts for a second page (the page-size selector appears above 25 rows). */
const MANY = Array.from({ length: 27 }, (_, i) => ({
  id: `m${i}`,
  email: `shop${i}@example.test`,
  name: { firstName: 'Shop', lastName: String(i) },
  role: 4,
  verified: true,
}));

export const LOGIN_FAILED = 'That username and password combination is not valid';

/** Sign-out, the signed-in user (sign-in is the fake Keycloak's, fake.ts), the accounts list, feedback. */
export const baseRoutes = (): Route => (c) => {
  if (c.path === '/api/utils/config' && c.method === 'GET')
    return c.reply(200, { data: { logoType: 'nj', hideRoutes: ['manifestdownload'] } });
  if (!c.signedIn) return c.fail(401, 'Unauthorized');
  if (c.path === '/api/auth/logout') return c.reply(200, { message: 'You have been signed out.' });
  if (c.path === '/api/users/me')
    return c.reply(200, { user: USERS.find((u) => u.email === c.who) ?? USERS[0] });
  // Profile's Sign-in security (staff): nothing registered yet
  if (c.path === '/api/users/me/second-factors')
    return c.reply(200, { data: { required: true, authenticatorApp: false, keys: [] } });
  // The invites overlay asks after every sign-in; nobody here has pending invites.
  if (c.path === '/api/users/invites') return c.reply(200, { data: { invites: [] } });
  if (c.path === '/api/users') return c.reply(200, { data: { users: [...USERS, ...MANY] } });
  if (c.path === '/api/users/update')
    return c.reply(200, { user: { ...USERS[1], ...c.input.user }, message: 'Profile updated successfully!' });
  if (c.path === '/api/email/feedback')
    return c.reply(202, { message: 'Message sent successfully. Thank you for your feedback!' });
  return undefined;
};

export const fakeApi = (calls: string[]) => fake(calls, baseRoutes());

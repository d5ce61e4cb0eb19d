import type { IncomingMessage, ServerResponse } from 'node:http';
import { json } from './static-server.js';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** An unsigned JWT-shaped token: the shell only reads its claims; the fake API below does not verify it. */
export const fakeToken = (roles: string[]) =>
  `${b64({ alg: 'none' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600, realm_access: { roles } })}.x`;

export const USERS = [
  {
    id: '1',
    email: 'admin@demo.portal',
    name: { firstName: 'Ada', lastName: 'Admin' },
    role: 1,
    verified: true,
    company: { Licensee: 'Demo Logistics LLC', DBA: 'Demo' },
  },
  {
    id: '2',
    email: 'user@demo.portal',
    name: 'Uma User',
    role: 4,
    verified: false,
    company: 'Green Leaf LLC',
  },
  {
    id: '3',
    email: 'driver@demo.portal',
    name: '',
    role: 2,
    verified: 'suspended',
    company: 'Demo Logistics',
  },
];
/** Enough accounts for a second page (the page-size selector appears above 25 rows). */
const MANY = Array.from({ length: 27 }, (_, i) => ({
  id: `m${i}`,
  email: `shop${i}@example.test`,
  name: `Shop ${i}`,
  role: 4,
  verified: true,
}));

/** The few /api answers the browser smoke test needs (the real services are e2e's business). */
export function fakeApi(calls: string[]) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push(`${req.method} ${url} ${body}`);
      if (url.endsWith('/protocol/openid-connect/token')) {
        // Keycloak's refresh grant: a reload (tokens are in memory only) or a token about to expire.
        const refresh = new URLSearchParams(body).get('refresh_token') ?? '';
        if (!refresh.includes('.')) return json(res, 400, { error: 'invalid_grant' });
        // The same identity again (the fakes read who is calling from the token's claims).
        return json(res, 200, { access_token: refresh, refresh_token: refresh, expires_in: 300 });
      }
      if (url.endsWith('/protocol/openid-connect/logout')) return json(res, 204, {});
      if (url.startsWith('/auth/')) return json(res, 503, { error: 'no keycloak in this test' });
      const input = body ? (JSON.parse(body) as Record<string, any>) : {};
      if (url === '/api/utils/config')
        return json(res, 200, { data: { logoType: 'nj', hideRoutes: ['manifestdownload'] } });
      if (url === '/api/auth/login') {
        if (input.email === 'admin@demo.portal' && input.password === 'Portal!2345') {
          const token = fakeToken(['admin']);
          return json(res, 200, {
            token,
            refreshToken: token,
            idToken: token,
            expiresIn: 300,
            user: USERS[0],
          });
        }
        return json(res, 400, { message: 'That username and password combination is not valid' });
      }
      if (!req.headers.authorization) return json(res, 401, { message: 'Unauthorized' });
      if (url === '/api/users/me') return json(res, 200, { user: USERS[0] });
      if (url === '/api/users') return json(res, 200, { data: { users: [...USERS, ...MANY] } });
      if (url === '/api/users/update') return json(res, 200, { user: { ...USERS[1], ...input.user } });
      if (url === '/api/email/feedback')
        return json(res, 202, { message: 'Message sent successfully. Thank you for your feedback!' });
      return json(res, 404, { message: 'Not found' });
    });
    return true;
  };
}

// ── Profile / Edit Account / Create New Account (test/accounts-profile.test.ts) ──
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
/** Every demo user signs in with the demo password; the token carries the email so /api/users/me knows who asks. */
export function profileUsers() {
  return [
    {
      id: 'p0',
      email: 'superadmin@demo.portal',
      role: 0,
      verified: true,
      hasSentEmail: true,
      name: { firstName: 'Sue', lastName: 'Super' },
      company: profileCompany('SA-1', 'Portal HQ LLC'),
      alerts: { email: true },
    },
    {
      id: 'p1',
      email: 'admin@demo.portal',
      role: 1,
      verified: true,
      hasSentEmail: true,
      name: { firstName: 'Ada', lastName: 'Admin' },
      company: profileCompany('AD-1', 'Portal HQ LLC'),
      alerts: { email: true },
    },
    {
      id: 'p2',
      email: 'driver@demo.portal',
      role: 2,
      verified: true,
      hasSentEmail: true,
      name: { firstName: 'Dan', lastName: 'Driver' },
      company: { Licensee: 'Portal Fleet LLC', DBA: 'Fleet', phone: '555-123-4567' },
      alerts: { email: false },
    },
    {
      id: 'p3',
      email: 'accountadmin@demo.portal',
      role: 3,
      verified: true,
      hasSentEmail: true,
      name: { firstName: 'Acme', lastName: 'Owner' },
      company: profileCompany('C-100', 'Acme Cannabis LLC'),
      alerts: { email: true },
    },
    {
      id: 'p4',
      email: 'user@demo.portal',
      role: 4,
      verified: 'suspended',
      hasSentEmail: true,
      name: { firstName: 'Uma', lastName: 'User' },
      company: profileCompany('C-100', 'Acme Cannabis LLC'),
      alerts: { email: true },
    },
    {
      id: 'p5',
      email: 'new@demo.portal',
      role: 4,
      verified: false,
      hasSentEmail: false,
      name: { firstName: 'Nina', lastName: 'New' },
      company: { 'License #': 'C-200' },
      alerts: { email: true },
    },
  ] as Array<Record<string, any>>;
}
const ROLE_REALM = ['superadmin', 'admin', 'driver', 'accountadmin', 'user'];
const tokenFor = (email: string, role: number) =>
  `${b64({ alg: 'none' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600, email, realm_access: { roles: [ROLE_REALM[role]] } })}.x`;
const whoAsks = (auth: string) =>
  JSON.parse(Buffer.from(auth.replace(/^Bearer /, '').split('.')[1] ?? '', 'base64url').toString() || '{}')
    .email as string;

export function profileApi(calls: string[], users = profileUsers()) {
  const find = (email: string) => users.find((u) => u.email === email);
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = decodeURIComponent(req.url ?? '');
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push(`${req.method} ${url} ${body}`);
      if (url.endsWith('/protocol/openid-connect/token')) {
        // Keycloak's refresh grant: a reload (tokens are in memory only) or a token about to expire.
        const refresh = new URLSearchParams(body).get('refresh_token') ?? '';
        if (!refresh.includes('.')) return json(res, 400, { error: 'invalid_grant' });
        // The same identity again (the fakes read who is calling from the token's claims).
        return json(res, 200, { access_token: refresh, refresh_token: refresh, expires_in: 300 });
      }
      if (url.endsWith('/protocol/openid-connect/logout')) return json(res, 204, {});
      if (url.startsWith('/auth/')) return json(res, 503, { error: 'no keycloak in this test' });
      const input = body ? (JSON.parse(body) as Record<string, any>) : {};
      if (url === '/api/utils/config') return json(res, 200, { data: { logoType: 'nj', 'sigs.show': true } });
      if (url === '/api/auth/login') {
        const u = find(input.email);
        if (!u || input.password !== 'Portal!2345')
          return json(res, 400, { message: 'That username and password combination is not valid' });
        const token = tokenFor(u.email, u.role);
        return json(res, 200, { token, refreshToken: token, idToken: token, expiresIn: 300, user: u });
      }
      if (!req.headers.authorization) return json(res, 401, { message: 'Unauthorized' });
      const me = find(whoAsks(req.headers.authorization));
      if (!me) return json(res, 401, { message: 'Unauthorized' });
      if (url === '/api/users/me') return json(res, 200, { user: me });
      if (url === '/api/utils/uploadfile') return json(res, 200, { data: { result: input.file } }); // the data URL stands in for a stored file's URL
      const attached = /^\/api\/users\/([^/]+)\/attached$/.exec(url);
      if (attached)
        return json(res, 200, {
          data: {
            users: users.filter(
              (u) =>
                u.email !== attached[1] &&
                u.company?.['License #'] === find(attached[1]!)?.company?.['License #'],
            ),
          },
        });
      if (url === '/api/users/update' && Array.isArray(input.users)) {
        for (const x of input.users) Object.assign(find(x.email) ?? {}, { verified: x.verified });
        return json(res, 200, {
          users: input.users.map((x: any) => find(x.email)),
          message: 'Profile updated successfully!',
        });
      }
      if (url === '/api/users/update') {
        const u = find(input.user?.email);
        if (!u) return json(res, 404, { message: 'User not found' });
        if (input.user.company?.DBA === 'FAIL') return json(res, 400, { message: 'DBA is not allowed' });
        const first = !u.hasSentEmail;
        Object.assign(u, input.user, { hasSentEmail: true });
        const message = first
          ? 'Your account is under review. You will receive an email once it has been verified.'
          : 'Profile updated successfully!';
        return json(res, 200, { user: u, message });
      }
      if (url === '/api/users/create') {
        if (find(input.user?.email))
          return json(res, 400, {
            message: 'This email already exists. Please create account with a different email.',
          });
        users.push({ id: `n${users.length}`, verified: false, hasSentEmail: false, ...input.user });
        return json(res, 201, { user: find(input.user.email), message: 'Account created successfully!' });
      }
      if (url === '/api/users/delete') return json(res, 200, { message: 'User deleted' });
      const one = /^\/api\/users\/([^/]+)$/.exec(url);
      if (one && find(one[1]!)) return json(res, 200, { user: find(one[1]!) });
      return json(res, 404, { message: 'Not found' });
    });
    return true;
  };
}

// ── Sign-up, verify, forgot/reset, change email/password, delete (test/accounts-auth.test.ts) ──
// ACCOUNTS-API.md `auth` answers plus the public licence search; everything else goes to fakeApi above.
export const AUTH_FAKE = {
  pin: '123456',
  pinWithoutSession: '222222',
  resetCode: '654321',
  emailPin: '111111',
  takenEmail: 'taken@example.test',
  closedLicence: 'C10-0000007',
  tosLink: 'https://example.test/terms',
};
/** 150 licence records, more than the picker may list (it shows at most 100). */
export const LICENCES = Array.from({ length: 150 }, (_, i) => ({
  'License #': `C10-${String(i).padStart(7, '0')}`,
  Licensee: `Green Shop ${i} LLC`,
  DBA: `Shop ${i}`,
  City: ['Newark', 'Trenton', 'Camden'][i % 3],
}));
export function fakeAuthApi(calls: string[], rest = fakeApi(calls)) {
  let deletes = 0;
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    const path = url.split('?')[0]!;
    if (path === '/api/utils/config')
      return (
        calls.push(`GET ${url} `),
        json(res, 200, { data: { logoType: 'nj', 'account.toslink': AUTH_FAKE.tosLink } })
      );
    if (path === '/api/license/licensenumbers') {
      calls.push(`GET ${url} `);
      const q = (new URL(url, 'http://x').searchParams.get('search') ?? '').toLowerCase();
      // Ignores ?limit on purpose: the picker itself must cap the list.
      return json(res, 200, {
        data: {
          licensenumbers: LICENCES.filter((l) => `${l['License #']} ${l.Licensee}`.toLowerCase().includes(q)),
        },
      });
    }
    if (
      !/^\/api\/(auth\/(login|signUp|verify|sendValidation|forgotPassword|forgotPasswordSubmit|changepassword|changeEmail|updateMyEmail)|users\/delete)$/.test(
        path,
      )
    ) {
      return rest(req, res);
    }
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push(`${req.method} ${url} ${body}`);
      const input = body ? (JSON.parse(body) as Record<string, any>) : {};
      const signedIn = !!req.headers.authorization;
      const fail = (message: string, status = 400) => json(res, status, { message });
      switch (path) {
        case '/api/auth/login': {
          const known =
            input.password === (input.email === 'invited@example.test' ? 'Secret123' : 'Portal!2345');
          if (!known || !['admin@demo.portal', 'invited@example.test'].includes(input.email))
            return fail('That username and password combination is not valid');
          const token = fakeToken([input.email === 'admin@demo.portal' ? 'admin' : 'user']);
          const user =
            input.email === 'admin@demo.portal'
              ? USERS[0]
              : { id: 'i1', email: input.email, role: 4, verified: false };
          return json(res, 200, { token, refreshToken: token, idToken: token, expiresIn: 300, user });
        }
        case '/api/auth/signUp':
          if (input.email === AUTH_FAKE.takenEmail)
            return fail('This email already exists. Please create account with a different email.');
          if (input.data?.company?.['License #'] === AUTH_FAKE.closedLicence)
            return fail('Please contact your admin to be invited to this Company');
          return json(res, 201, {
            message: `A verification code has been sent to ${input.email}`,
            email: input.email,
          });
        case '/api/auth/verify': {
          if (input.pin === AUTH_FAKE.pinWithoutSession)
            return json(res, 200, {
              message: 'Your email has been verified. Please sign in.',
              user: { email: input.email, role: 4 },
            });
          if (input.pin !== AUTH_FAKE.pin) return fail('Invalid verification code');
          const token = fakeToken(['user']);
          const user = {
            id: 'n1',
            email: input.email,
            role: 4,
            verified: false,
            name: { firstName: 'New', lastName: 'Person' },
          };
          return json(res, 200, { token, refreshToken: token, idToken: token, expiresIn: 300, user });
        }
        case '/api/auth/sendValidation':
          return json(res, 200, { message: `A new code has been sent to ${input.email}` });
        case '/api/auth/forgotPassword':
          return String(input.email).endsWith('@demo.portal')
            ? json(res, 200, { emailSent: true, message: 'An email has been sent with your Password' })
            : fail('That email does not exist. Please try again', 404);
        case '/api/auth/forgotPasswordSubmit':
          return input.code === AUTH_FAKE.resetCode
            ? json(res, 200, { message: 'Password updated successfully!' })
            : fail('Invalid code provided, please request a code again.');
      }
      if (!signedIn) return json(res, 401, { message: 'Unauthorized' });
      switch (path) {
        case '/api/auth/changepassword':
          return input.oldPassword === 'Portal!2345'
            ? json(res, 200, { message: 'Password updated successfully!' })
            : fail('Current Password entered is incorrect.');
        case '/api/auth/changeEmail':
          return json(res, 200, { message: `A code has been sent to ${input.email}` });
        case '/api/auth/updateMyEmail':
          return input.pin === AUTH_FAKE.emailPin
            ? json(res, 200, { user: { ...USERS[0], email: input.email } })
            : fail('Invalid verification code');
        default:
          // The first delete fails (to show 'Error deleting user: …!'), later ones succeed.
          return ++deletes > 1 ? json(res, 200, { message: 'User deleted' }) : fail('user is protected', 403);
      }
    });
    return true;
  };
}

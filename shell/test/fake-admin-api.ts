import type { IncomingMessage, ServerResponse } from 'node:http';
import { json } from './static-server.js';
import { USERS, fakeApi } from './fake-api.js';

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');

// ── Accounts admin screens (test/accounts-admin.test.ts): a stateful fake of docs/ACCOUNTS-API.md's config, quick,
// invites and licence calls, with three sign-ins (superadmin 0, admin 1, user 4). Anything else goes to fakeApi.
const ADMIN_LOGINS: Record<string, { role: number; realm: string; name: string }> = {
  'superadmin@demo.portal': { role: 0, realm: 'superadmin', name: 'Sam Super' },
  'admin@demo.portal': { role: 1, realm: 'admin', name: 'Ada Admin' },
  'user@demo.portal': { role: 4, realm: 'user', name: 'Uma User' },
};
const emailToken = (email: string, realm: string) =>
  `${b64({ alg: 'none' })}.${b64({ exp: Math.floor(Date.now() / 1000) + 3600, email, realm_access: { roles: [realm] } })}.x`;
const tokenEmail = (req: IncomingMessage) => {
  try {
    return JSON.parse(
      Buffer.from((req.headers.authorization ?? '').split('.')[1] ?? '', 'base64url').toString(),
    ).email as string | undefined;
  } catch {
    return undefined;
  }
};

export function fakeAdminApi(calls: string[]) {
  const base = fakeApi(calls);
  const state = {
    config: { logoType: 'orig', hideRoutes: [] as string[], signupEmails: ['admin@demo.portal'] } as Record<
      string,
      unknown
    >,
    users: [
      ...USERS,
      {
        id: '4',
        email: 'comma@shop.test',
        name: 'Smith, "Jo"',
        role: 3,
        verified: false,
        company: 'A, B & Co',
      },
    ].map((u) => ({ ...u, data: {} as Record<string, unknown> })),
    invites: [
      {
        id: 'i1',
        email: 'old@shop.test',
        date: '2026-11-01T10:00:00Z',
        invited: 'admin@demo.portal',
        user: { email: 'old@shop.test' },
        data: { accepted: false, notified: false },
      },
      {
        id: 'i2',
        email: 'user@demo.portal',
        date: '2026-11-02T10:00:00Z',
        invited: 'owner@north.test',
        user: {
          email: 'user@demo.portal',
          company: { Licensee: 'North Farms LLC', licenseNumbers: ['C11-0000002'] },
        },
        data: { accepted: false, notified: false },
      },
      {
        id: 'i3',
        email: 'user@demo.portal',
        date: '2026-11-03T10:00:00Z',
        invited: 'boss@south.test',
        user: { email: 'user@demo.portal', company: { Licensee: 'South Co' } },
        data: { accepted: false, notified: false },
      },
    ],
    licences: [
      {
        id: 'l1',
        'License #': 'C11-0000001',
        Licensee: 'Green Leaf LLC',
        DBA: 'Green Leaf',
        'Street Address': '1 Main St',
        City: 'Newark',
        Zip: '07102',
        windows: {
          mon: '09:00-17:00',
          tue: '09:00-17:00',
          wed: '09:00-17:00',
          thur: '09:00-17:00',
          fri: '09:00-17:00',
          sat: '',
          sun: '',
        },
      },
    ],
  };
  const MINE =
    /^\/api\/(utils\/config(\/all)?|auth\/login|users(\/me|\/invite|\/inviteemail|\/invites|\/invites\/update)?|quick\/comparecustomers|license(\/create|\/update|\/delete)?)$/;
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    const url = req.url ?? '';
    if (!MINE.test(url)) return base(req, res);
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      calls.push(`${req.method} ${url} ${body}`);
      const input = body ? (JSON.parse(body) as Record<string, any>) : {};
      if (url === '/api/utils/config' && req.method === 'GET') return json(res, 200, { data: state.config });
      if (url === '/api/auth/login') {
        const who = ADMIN_LOGINS[input.email as string];
        if (!who || input.password !== 'Portal!2345')
          return json(res, 400, { message: 'That username and password combination is not valid' });
        const token = emailToken(input.email, who.realm);
        const user = {
          id: input.email,
          email: input.email,
          name: who.name,
          role: who.role,
          verified: true,
          company: 'Demo Logistics LLC',
        };
        return json(res, 200, { token, refreshToken: token, idToken: token, expiresIn: 300, user });
      }
      const me = tokenEmail(req);
      if (!me) return json(res, 401, { message: 'Unauthorized' });
      const role = ADMIN_LOGINS[me]?.role ?? 4;
      if (url === '/api/utils/config/all')
        return role === 0 ? json(res, 200, { data: state.config }) : json(res, 403, { message: 'Forbidden' });
      if (url === '/api/utils/config') {
        if (role !== 0) return json(res, 403, { message: 'You do not have permission to do this.' });
        Object.assign(state.config, input.data);
        return json(res, 200, { data: state.config });
      }
      if (url === '/api/users/me')
        return json(res, 200, { user: { email: me, name: ADMIN_LOGINS[me]?.name, role, verified: true } });
      if (url === '/api/users') return json(res, 200, { data: { users: state.users } });
      if (url === '/api/quick/comparecustomers') {
        state.users[1]!.data = { notification: { qbMismatch: true } };
        return setTimeout(
          () => json(res, 200, { data: { mismatches: ['user@demo.portal'], checked: state.users.length } }),
          600,
        );
      }
      if (url === '/api/users/invites') {
        const list = input.where?.mine
          ? state.invites.filter((i) => i.email === me && !i.data.notified)
          : state.invites.filter((i) => i.invited === me);
        return json(res, 200, { data: { invites: list } });
      }
      if (url === '/api/users/invite') {
        const email = String(input.user?.email ?? '')
          .trim()
          .toLowerCase();
        if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
          return json(res, 400, { message: 'Email address is invalid' });
        if (state.invites.some((i) => i.email === email && !i.data.notified))
          return json(res, 400, { message: 'You have already invited this user' });
        const invite = {
          id: `i${state.invites.length + 1}`,
          email,
          date: new Date().toISOString(),
          invited: me,
          user: { email },
          data: { accepted: false, notified: false },
        };
        state.invites.push(invite);
        return json(res, 201, { invite, message: 'User invited successfully!' });
      }
      if (url === '/api/users/inviteemail') {
        return json(res, 200, {
          message:
            "Email sent successfully! Please tell the user to check their spam folder if it doesn't show up within the next 30 minutes",
        });
      }
      if (url === '/api/users/invites/update') {
        for (const u of input.invites ?? [])
          Object.assign(state.invites.find((i) => i.id === u.id)?.data ?? {}, u.data);
        return json(res, 200, { invites: state.invites });
      }
      if (url === '/api/license') return json(res, 200, { data: { records: state.licences } });
      if (url.startsWith('/api/license/')) {
        const rec = input.record ?? {};
        if (url.endsWith('/delete')) {
          state.licences = state.licences.filter((l) => l.id !== rec.id);
          return json(res, 200, { record: rec });
        }
        if (state.licences.some((l) => l['License #'] === rec['License #'] && l.id !== rec.id)) {
          return json(res, 400, { message: 'License number already exists! Please try again!' });
        }
        const saved = { ...rec, id: rec.id ?? `l${Date.now()}` };
        state.licences = [saved, ...state.licences.filter((l) => l.id !== saved.id)];
        return json(res, url.endsWith('/create') ? 201 : 200, { record: saved });
      }
      return json(res, 404, { message: 'Not found' });
    });
    return true;
  };
}

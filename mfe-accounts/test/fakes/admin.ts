// Accounts admin screens (test/portal-admin*.test.ts): a stateful fake of the config, quick, invites and licence
// routes with three sign-ins (superadmin 0, admin 1, user 4), in front of the common layer.
import { fake, type Route, USERS, baseRoutes } from '@portal/ui/testing/portal';

const ADMIN_LOGINS: Record<string, { role: number; name: { firstName: string; lastName: string } }> = {
  'superadmin@demo.portal': { role: 0, name: { firstName: 'Sam', lastName: 'Super' } },
  'admin@demo.portal': { role: 1, name: { firstName: 'Ada', lastName: 'Admin' } },
  'user@demo.portal': { role: 4, name: { firstName: 'Uma', lastName: 'User' } },
};
const WEEKDAYS = {
  mon: '09:00-17:00',
  tue: '09:00-17:00',
  wed: '09:00-17:00',
  thur: '09:00-17:00',
  fri: '09:00-17:00',
};
/** A licence record as the service stores it (every field its schema requires). */
const record = (r: Record<string, any>): Record<string, any> => ({
  'Street Address': '',
  City: '',
  Zip: '',
  DBA: '',
  emails: [],
  pickupRoute: [],
  active: true,
  FacilityType: '',
  ...r,
  windows: { sat: '', sun: '', ...WEEKDAYS, ...r.windows },
});
const invite = (id: string, email: string, date: string, invited: string, company?: object) => ({
  id,
  email,
  date,
  invited,
  user: company ? { email, company } : { email },
  data: { accepted: false, notified: false },
});

function adminState() {
  return {
    config: { logoType: 'orig', hideRoutes: [] as string[], signupEmails: ['admin@demo.portal'] } as Record<
      string,
      unknown
    >,
    users: [
      ...USERS,
      {
        id: '4',
        email: 'comma@shop.test',
        name: { firstName: 'Smith,', lastName: '"Jo"' },
        role: 3,
        verified: false,
        company: { Licensee: 'A, B & Co' },
      },
    ].map((u) => ({ ...u, data: {} as Record<string, unknown> })),
    invites: [
      invite('i1', 'old@shop.test', '2026-11-01T10:00:00Z', 'admin@demo.portal'),
      invite('i2', 'user@demo.portal', '2026-11-02T10:00:00Z', 'owner@north.test', {
        Licensee: 'North Farms LLC',
        licenseNumbers: ['C11-0000002'],
      }),
      invite('i3', 'user@demo.portal', '2026-11-03T10:00:00Z', 'boss@south.test', { Licensee: 'South Co' }),
    ],
    licences: [
      record({
        id: 'l1',
        'License #': 'C11-0000001',
        Licensee: 'Green Leaf LLC',
        DBA: 'Green Leaf',
        'Street Address': '1 Main St',
        City: 'Newark',
        Zip: '07102',
      }),
    ],
  };
}

export function adminRoutes(): Route {
  const state = adminState();
  return (c) => {
    const { path, input } = c;
    if (path === '/api/utils/config' && c.method === 'GET') {
      // The public config never carries the internal sign-up addresses (they are not for visitors); /config/all does, for role 0.
      const { signupEmails: _internal, ...open } = state.config;
      return c.reply(200, { data: open });
    }
    const me = c.who;
    if (!me || !/^\/api\/(utils\/config|users|quick|license(\/|$))/.test(path)) return undefined;
    const role = ADMIN_LOGINS[me]?.role ?? 4;
    if (path === '/api/utils/config/all')
      return role === 0 ? c.reply(200, { data: state.config }) : c.fail(403, 'Forbidden');
    if (path === '/api/utils/config') {
      if (role !== 0) return c.fail(403, 'You do not have permission to do this.');
      Object.assign(state.config, input.data);
      return c.reply(200, { data: state.config });
    }
    if (path === '/api/users/me')
      return c.reply(200, {
        user: { id: me, email: me, name: ADMIN_LOGINS[me]?.name, role, verified: true },
      });
    if (path === '/api/users') return c.reply(200, { data: { users: state.users } });
    if (path === '/api/quick/comparecustomers') {
      state.users[1]!.data = { notification: { qbMismatch: true } };
      const body = { data: { mismatches: ['user@demo.portal'], checked: state.users.length } };
      setTimeout(() => c.reply(200, body), 600); // long enough to see the progress indicator
      return true;
    }
    if (path === '/api/users/invites') {
      const list = input.where?.mine
        ? state.invites.filter((i) => i.email === me && !i.data.notified)
        : state.invites.filter((i) => i.invited === me);
      return c.reply(200, { data: { invites: list } });
    }
    if (path === '/api/users/invite') {
      const email = String(input.user?.email ?? '')
        .trim()
        .toLowerCase();
      if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return c.fail(400, 'Email address is invalid');
      if (state.invites.some((i) => i.email === email && !i.data.notified))
        return c.fail(400, 'You have already invited this user');
      const added = invite(`i${state.invites.length + 1}`, email, new Date().toISOString(), me);
      state.invites.push(added);
      return c.reply(201, { invite: added, message: 'User invited successfully!' });
    }
    if (path === '/api/users/inviteemail')
      return c.reply(200, {
        message:
          "Email sent successfully! Please tell the user to check their spam folder if it doesn't show up within the next 30 minutes",
      });
    if (path === '/api/users/invites/update') {
      for (const u of input.invites ?? [])
        Object.assign(state.invites.find((i) => i.id === u.id)?.data ?? {}, u.data);
      return c.reply(200, { invites: state.invites });
    }
    if (path === '/api/license') return c.reply(200, { data: { records: state.licences } });
    if (!path.startsWith('/api/license/')) return undefined;
    const rec = input.record ?? {};
    if (path.endsWith('/delete')) {
      const gone = state.licences.find((l) => l.id === rec.id);
      state.licences = state.licences.filter((l) => l.id !== rec.id);
      return gone ? c.reply(200, { record: gone }) : c.fail(404, 'Record not found');
    }
    if (state.licences.some((l) => l['License #'] === rec['License #'] && l.id !== rec.id))
      return c.fail(400, 'License number already exists! Please try again!');
    const saved = record({
      ...state.licences.find((l) => l.id === rec.id),
      ...rec,
      id: rec.id ?? `l${Date.now()}`,
    });
    state.licences = [saved, ...state.licences.filter((l) => l.id !== saved.id)];
    return c.reply(200, { record: saved });
  };
}

export const fakeAdminApi = (calls: string[]) => fake(calls, adminRoutes(), baseRoutes());

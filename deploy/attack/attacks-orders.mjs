// Attacks on orders' public page and the custody gate at create: guessing a company's public orders page by user
// id, a vendor creating an order already checked out, staff creating straight at Delivered. Each uses throwaway
// users and licences (attack-*), never the demo ones.
import { api, grant, makeUser } from './lib.mjs';

const blocked = (detail) => ({ open: false, detail });
const open = (detail) => ({ open: true, detail });
const tag = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`.toUpperCase();

/** A signed-in throwaway user of `role` (its first request links the profile); answers the access token. */
async function signedIn(name, role, opts = {}) {
  const u = await makeUser(name, { role, ...opts });
  const token = (await grant(u.email)).access_token;
  await api('GET', '/users/me', { token });
  return { ...u, token };
}

/** Two throwaway licence records (pickup, destination) made by staff: orders learns them from accounts' events. */
async function licences(staff) {
  const t = tag();
  const made = [];
  for (const [n, name] of [
    [`ATK-P-${t}`, 'Attack Pickup LLC'],
    [`ATK-D-${t}`, 'Attack Dest LLC'],
  ]) {
    const record = {
      'License #': n,
      Licensee: name,
      DBA: name,
      'Street Address': '1 Attack Way',
      City: 'Sacramento',
      Zip: '95814',
    };
    const r = await api('POST', '/license/create', { token: staff.token, body: { record } });
    made.push({ n, id: r.json?.record?.id });
  }
  return made;
}
const dropLicences = (staff, made) =>
  Promise.all(
    made
      .filter((m) => m.id)
      .map((m) => api('POST', '/license/delete', { token: staff.token, body: { record: { id: m.id } } })),
  );

const day = (n) => {
  const d = new Date(Date.now() + n * 86_400_000);
  return `${d.toISOString().slice(0, 10)}T12:00:00.000Z`;
};
const order = (pickupLN, destinationLN, preferredDelivery, extra = {}) => ({
  order: {
    data: {
      order: {
        orderDef: 'ext',
        orderType: 'layover',
        pickupLN,
        destinationLN,
        preferredDelivery,
        weight: '1',
        notes: 'attack',
        ...extra,
      },
      billing: { invoice: 'ATK-1' },
    },
  },
});

export const ordersAttacks = [
  [
    "anonymous guessing of a company's public orders page by user id",
    async () => {
      // the ids an attacker enumerates: real profile ids (staff's list stands in for the sequential guesses), the
      // small numbers, and each of them sent as a token too
      const staff = await signedIn('pub-staff', 1);
      const ids = ((await api('GET', '/users', { token: staff.token })).json?.data?.users ?? [])
        .map((u) => u.id)
        .filter(Boolean)
        .slice(0, 40);
      const guesses = [...ids, ...Array.from({ length: 20 }, (_, i) => String(i + 1))];
      let answered = 0;
      const statuses = new Map();
      for (const g of guesses) {
        for (const q of [`userid=${g}`, `token=${g}`]) {
          const r = await api('GET', `/orders/public?${q}`);
          statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
          if (r.status === 200 && r.json?.data) answered++;
        }
      }
      const seen = [...statuses].map(([s, n]) => `${n}×${s}`).join(', ');
      return answered
        ? open(`${answered} of ${guesses.length * 2} guesses answered a week of orders (${seen})`)
        : blocked(`${guesses.length * 2} guesses, none answered data (${seen})`);
    },
  ],
  [
    'a vendor creates an order already checked out, with someone else as the person',
    async () => {
      const staff = await signedIn('gate-staff', 1);
      const made = await licences(staff);
      try {
        const [pickup, dest] = made.map((m) => m.n);
        const vendor = await signedIn('gate-vendor', 3);
        // staff give the vendor the pickup licence's company (accounts tells orders: the vendor's own licence)
        await api('POST', '/users/update', {
          token: staff.token,
          body: {
            user: {
              email: vendor.email,
              company: {
                'License #': pickup,
                Licensee: 'Attack Pickup LLC',
                DBA: 'Attack Pickup LLC',
                'Street Address': '1 Attack Way',
                City: 'Sacramento',
                Zip: '95814',
                phone: '(916) 555-0199',
                billingContactName: 'Bill Ing',
                billingContactEmail: 'billing@attack.example',
                billingAddress: '1 Attack Way',
              },
            },
          },
        });
        await new Promise((r) => setTimeout(r, 3000));
        const stamp = { time: '2020-01-01T00:00:00.000Z', user: 'Somebody Else' };
        let last;
        for (let n = 2; n < 10; n++) {
          last = await api('POST', '/orders/create', {
            token: vendor.token,
            body: order(pickup, dest, day(n), { checkedout: stamp }),
          });
          if (last.status !== 400 || !/Day chosen not allowed/.test(last.json?.detail ?? '')) break;
        }
        const detail = last.json?.detail ?? last.text?.slice(0, 120);
        if (last.status === 200) {
          const id = last.json?.data?.order?.id;
          const stored = (await api('GET', `/orders/${id}`, { token: staff.token })).json?.data?.order;
          return stored?.data?.order?.checkedout
            ? open(`created checked out by "${stored.data.order.checkedout.user}" with no manifest`)
            : blocked('created, but the stored order carries no check-out (stripped)');
        }
        return last.status >= 400 && last.status < 500 && /checkedout/.test(detail)
          ? blocked(`${last.status}: ${detail}`)
          : open(`refused for another reason, the gate not shown: ${last.status} ${detail}`);
      } finally {
        await dropLicences(staff, made);
      }
    },
  ],
  [
    'staff create an order straight at Delivered, with no signature and no override',
    async () => {
      const staff = await signedIn('gate-admin', 1);
      const made = await licences(staff);
      try {
        const [pickup, dest] = made.map((m) => m.n);
        await new Promise((r) => setTimeout(r, 3000));
        const r = await api('POST', '/orders/create', {
          token: staff.token,
          body: order(pickup, dest, day(3), { status: 3 }),
        });
        const detail = r.json?.detail ?? r.text?.slice(0, 120);
        if (r.status === 200) return open(`created as status ${r.json?.data?.order?.status} (Delivered)`);
        return r.status === 400 && /A new order starts as/.test(detail)
          ? blocked(`${r.status}: ${detail}`)
          : open(`refused for another reason, the gate not shown: ${r.status} ${detail}`);
      } finally {
        await dropLicences(staff, made);
      }
    },
  ],
];

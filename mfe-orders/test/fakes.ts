// Fake answers for the component tests, typed by @portal/contracts (Order, RouteFindAnswer) and, where the contracts
// carry a JSON schema (the list pages), checked against it: a fake cannot answer what the service never would.
import assert from 'node:assert/strict';
import { Value } from 'typebox/value';
import {
  OrderRowPage,
  Role,
  type Order,
  type OrderHistoryEntry,
  type OrderRow,
  type RouteFindAnswer,
} from '@portal/contracts';

export const vendor = { id: 'u-vendor', email: 'vendor@test.portal', role: Role.AccountAdmin };
export const admin = { id: 'u-admin', email: 'admin@test.portal', role: Role.Admin };
export const driver = { id: 'u-driver', email: 'driver@test.portal', role: Role.Driver };

export const me = (role: number = Role.AccountAdmin) => ({
  user: {
    id: role === Role.Admin ? 'u-admin' : 'u-vendor',
    email: role === Role.Admin ? 'admin@test.portal' : 'vendor@test.portal',
    name: { firstName: 'Vera', lastName: 'Vendor' },
    role,
    verified: 1,
    company: {
      'License #': 'C11-0000101-LIC',
      Licensee: 'Green Leaf LLC',
      'Street Address': '1 Main St',
      City: 'Eugene',
      Zip: '97401',
    },
    signature: { name: 'Vera Vendor', image: 'data:image/png;base64,AAAA' },
  },
});

/** A day n days from today ('YYYY-MM-DD', UTC). */
export const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);
/** The next `count` days from tomorrow that fall on a weekday (0 = Sunday). */
export function nextWeekdays(weekday: number, count: number): string[] {
  const out: string[] = [];
  for (let n = 1; out.length < count; n++)
    if (new Date(`${day(n)}T00:00:00Z`).getUTCDay() === weekday) out.push(day(n));
  return out;
}

/** A zip served by one Wednesday route and the warehouse utility row (every day: not a delivery route). */
export function routesFor(zip: string, dates: string[]): RouteFindAnswer {
  const every = Array.from({ length: 28 }, (_, n) => day(n));
  const match = (name: string, utility: boolean, days: string[]) => ({
    routeId: name,
    name,
    rowId: `${name}-row`,
    city: 'Portland',
    zipCode: utility ? '00000' : zip,
    startTime: '08:00',
    dayOfTheWeek: utility ? 'mon,tue,wed,thur,fri,sat,sun' : 'wed',
    biWeekly: false,
    overnight: false,
    utility,
    dates: days,
    deliveryDates: days,
  });
  const routes = [match('North', false, dates), match('Warehouse', true, every)];
  return { data: { zip, from: day(0), to: day(27), routes, dates: every } };
}

export const licences = {
  data: {
    licensenumbers: [
      { 'License #': 'C10-0000202-LIC', Licensee: 'Harbor Goods', DBA: 'Harbor', City: 'Portland' },
    ],
  },
};

export function order(over: Partial<Order['data']['order']> = {}, top: Partial<Order> = {}): Order {
  return {
    id: 'o-1',
    orderId: 'G-100001',
    createdAt: '2026-11-20T10:00:00.000Z',
    lastUpdated: '2026-11-20T10:00:00.000Z',
    createdBy: 'u-vendor',
    updatedBy: 'u-vendor',
    user: 'u-vendor',
    deleted: 0,
    isPickup: false,
    version: 3,
    data: {
      order: {
        orderDef: 'ext',
        orderType: 'layover',
        status: 0,
        pickupLN: 'C11-0000101-LIC',
        destinationLN: 'C10-0000202-LIC',
        preferredDelivery: `${nextWeekdays(3, 1)[0]}T12:00:00.000Z`,
        weight: '2',
        notes: 'ring twice',
        ...over,
      },
      pickupCompany: {
        'License #': 'C11-0000101-LIC',
        Licensee: 'Green Leaf LLC',
        'Street Address': '1 Main St',
        City: 'Eugene',
        Zip: '97401',
      },
      destCompany: {
        'License #': 'C10-0000202-LIC',
        Licensee: 'Harbor Goods',
        'Street Address': '9 Dock Rd',
        City: 'Portland',
        Zip: '97201',
      },
      billing: { invoice: 'INV-7' },
    },
    pickupKey: 'C11-0000101-LIC',
    destKey: 'C10-0000202-LIC',
    companyKeys: ['C11-0000101-LIC', 'C10-0000202-LIC'],
    status: 0,
    deliveryDay: '2026-11-25',
    deliveryWeek: '2026-11-23',
    createdMonth: '2026-11',
    driverIds: ['', ''],
    orderDef: 'ext',
    searchTokens: [],
    ...top,
  };
}

export const history: OrderHistoryEntry[] = [
  {
    seq: 1,
    at: '2026-11-20T10:00:00.000Z',
    by: { userId: 'u-vendor', name: 'Vera Vendor', role: 3 },
    source: 'form',
    action: 'created',
    changes: [],
    prevHash: '0'.repeat(64),
    hash: 'a'.repeat(64),
  },
  {
    seq: 2,
    at: '2026-11-20T11:00:00.000Z',
    by: { userId: 'u-admin', name: 'Ada Admin', role: 1 },
    source: 'form',
    action: 'updated',
    changes: [{ path: 'data.order.status', from: 0, to: 1 }],
    prevHash: 'a'.repeat(64),
    hash: 'b'.repeat(64),
  },
];

export function row(n: number, over: Partial<OrderRow> = {}): OrderRow {
  return {
    id: `o-${n}`,
    orderId: `G-${100000 + n}`,
    createdAt: new Date(Date.UTC(2026, 10, 20, 9, n)).toISOString(),
    pickupDate: null,
    deliveryDate: '2026-11-25T12:00:00.000Z',
    preferredDelivery: '2026-11-25T12:00:00.000Z',
    vendor: 'Green Leaf LLC',
    pickup: '1 Main St, Eugene',
    destName: 'Harbor Goods',
    destination: '9 Dock Rd, Portland',
    pickupLN: 'C11-0000101-LIC',
    destinationLN: 'C10-0000202-LIC',
    status: 1,
    statusName: 'Order Approved',
    driver: '',
    vehicle: '',
    manifestNo: '',
    boxCount: '1',
    overnight: false,
    orderType: 'layover',
    orderDef: 'ext',
    deleted: 0,
    ...over,
  };
}

export function rowPage(orders: OrderRow[], nextCursor: string | null, total: number | null) {
  const answer = { data: { orders, nextCursor, total } };
  assert.ok(
    Value.Check(OrderRowPage, answer),
    JSON.stringify([...Value.Errors(OrderRowPage, answer)].slice(0, 3)),
  );
  return answer;
}

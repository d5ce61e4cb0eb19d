// Table-driven tests of the pure order rules (orders §4–5): one table per rule.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  OrderMessages as M,
  Role,
  adminDayConfirmations,
  applyTypeRules,
  billingMethodText,
  canCancel,
  canTransition,
  dayOf,
  labelAllowed,
  licenceTypeMismatch,
  needsDateApproved,
  needsRejectedDate,
  orderBanners,
  routeDaysText,
  signatureAutoFill,
  statusOptionsFor,
  validateOrder,
  type OrderRuleContext,
  type OrderRuleInput,
  type RoleNumber,
} from '../src/index.js';

const NOW = new Date('2026-11-23T15:00:00Z'); // a Monday
const valid = (): OrderRuleInput => ({
  order: {
    orderDef: 'ext',
    orderType: 'layover',
    status: 0,
    pickupLN: 'C11-0000001-LIC',
    destinationLN: 'C11-0000002-LIC',
    preferredDelivery: '2026-11-25T17:00:00Z',
    preferredPickup: '2026-11-24T17:00:00Z',
  },
  destCompany: { 'Street Address': '1 Main St' },
  billing: { invoice: 'INV-1' },
});
const ctx = (over: Partial<OrderRuleContext> = {}): OrderRuleContext => ({
  role: Role.AccountAdmin,
  now: NOW,
  config: {},
  destinationFound: true,
  pickupFound: true,
  ...over,
});
type Row = [
  name: string,
  change: (i: OrderRuleInput) => void,
  c: Partial<OrderRuleContext>,
  expect: Record<string, string>,
];

const rows: Row[] = [
  ['valid order', () => {}, {}, {}],
  [
    'definition required',
    (i) => (i.order.orderDef = undefined),
    {},
    { orderDef: 'Order Definition is required!' },
  ],
  ['type required', (i) => (i.order.orderType = undefined), {}, { orderType: 'Order Type is required!' }],
  ['licence # required', (i) => (i.order.pickupLN = ' '), {}, { pickupLN: 'License # is required!' }],
  [
    'unlisted origin needs address',
    () => {},
    { pickupFound: false },
    { pickupAddress: 'Originating License Address is required!' },
  ],
  [
    'destination required',
    (i) => (i.order.destinationLN = ''),
    {},
    { destinationLN: 'Destination is required!' },
  ],
  [
    'unknown destination',
    () => {},
    { destinationFound: false },
    { destinationLN: "License number doesn't exist" },
  ],
  [
    'unknown destination, admin exempt (address still needed)',
    (i) => (i.destCompany = {}),
    { destinationFound: false, role: Role.Admin },
    { destAddress: 'Destination address is required!' },
  ],
  [
    'NM- exempt in all-available mode',
    (i) => (i.order.destinationLN = 'NM-123'),
    { destinationFound: false, allowAllRoutes: true },
    {},
  ],
  [
    'NM- not exempt otherwise',
    (i) => (i.order.destinationLN = 'NM-123'),
    { destinationFound: false },
    { destinationLN: "License number doesn't exist" },
  ],
  ['R licence to non-R', (i) => (i.order.pickupLN = 'R-100'), {}, { destinationLN: M.licenceType }],
  ['R licence to 610', (i) => ((i.order.pickupLN = 'R-100'), (i.order.destinationLN = 'C-610-1')), {}, {}],
  ['R check off', (i) => (i.order.pickupLN = 'R-100'), { config: { useRCheck: false } }, {}],
  [
    'delivery date required',
    (i) => (i.order.preferredDelivery = undefined),
    {},
    { preferredDelivery: 'Preferred Delivery Date is required!' },
  ],
  [
    'pickup date required with autoApprove',
    (i) => (i.order.preferredPickup = undefined),
    { config: { autoApprove: true } },
    { preferredPickup: 'Preferred Pickup Date is required!' },
  ],
  ['pickup date optional without autoApprove', (i) => (i.order.preferredPickup = undefined), {}, {}],
  [
    'invoice required by default',
    (i) => (i.billing = {}),
    {},
    { billingInvoice: 'Billing Invoice # is required!' },
  ],
  [
    'invoice not required when switched off',
    (i) => (i.billing = {}),
    { config: { billingInvoiceReq: false } },
    {},
  ],
  [
    'rejection needs a reason',
    (i) => (i.order.status = 5),
    { role: Role.Admin },
    { rejected: 'Reason for rejection is required. ' },
  ],
  [
    'reason Other needs text',
    (i) => ((i.order.status = 6), (i.order.rejected = 8)),
    { role: Role.Admin },
    { rejectedText: M.rejectedTextRequired },
  ],
  [
    'exception needs notes',
    (i) => (i.order.status = 4),
    { role: Role.Admin },
    { exception: 'Exception notes are required' },
  ],
  [
    'pickup after delivery',
    (i) => (i.order.preferredPickup = '2026-11-26T17:00:00Z'),
    {},
    { preferredPickup: 'Pickup date cannot be after delivery date' },
  ],
  [
    'approved pickup after approved delivery',
    (i) => ((i.order.pickupDate = '2026-11-27'), (i.order.deliveryDate = '2026-11-26')),
    { role: Role.Admin },
    { pickupDate: 'Pickup date cannot be after delivery date' },
  ],
  [
    'delivery in the past',
    (i) => (i.order.preferredDelivery = '2026-11-20T17:00:00Z'),
    {},
    { preferredDelivery: M.deliveryInPast },
  ],
  [
    'pickup in the past',
    (i) => (i.order.preferredPickup = '2026-11-22T17:00:00Z'),
    {},
    { preferredPickup: M.pickupInPast },
  ],
  [
    'unchanged past dates on update pass',
    (i) => (
      (i.order.preferredDelivery = '2026-11-20T17:00:00Z'),
      (i.order.preferredPickup = '2026-11-19T17:00:00Z')
    ),
    { previous: { preferredDelivery: '2026-11-20T12:00:00Z', preferredPickup: '2026-11-19T12:00:00Z' } },
    {},
  ],
  [
    'sameDay blocks today',
    (i) => (
      (i.order.orderType = 'sameDay'),
      (i.order.preferredPickup = '2026-11-23T17:00:00Z'),
      (i.order.preferredDelivery = '2026-11-23T17:00:00Z')
    ),
    { config: { hasSameDay: true } },
    { preferredDelivery: M.sameDayToday, preferredPickup: M.sameDayToday },
  ],
  [
    'other types may be today',
    (i) => (
      (i.order.preferredPickup = '2026-11-23T17:00:00Z'),
      (i.order.preferredDelivery = '2026-11-23T17:00:00Z')
    ),
    {},
    {},
  ],
  ['sameDay not offered', (i) => (i.order.orderType = 'sameDay'), {}, { orderType: M.sameDayNotOffered }],
  ['sameDay by the vendor flag', (i) => (i.order.orderType = 'sameDay'), { sameDayPickup: true }, {}],
  [
    'day not on a route (vendor)',
    () => {},
    { allowedDeliveryDays: ['2026-11-26'] },
    { preferredDelivery: 'Day chosen not allowed' },
  ],
  ['day on a route', () => {}, { allowedDeliveryDays: ['2026-11-25'] }, {}],
  ['day rule skipped for admins', () => {}, { allowedDeliveryDays: ['2026-11-26'], role: Role.Admin }, {}],
  ['day rule skipped in all-routes mode', () => {}, { allowedDeliveryDays: [], allowAllRoutes: true }, {}],
  ['invalid date', (i) => (i.order.preferredDelivery = 'soon'), {}, { preferredDelivery: M.invalidDate }],
];

test('validateOrder: every rule of orders §5', () => {
  for (const [name, change, c, expect] of rows) {
    const input = valid();
    change(input);
    assert.deepEqual(validateOrder(input, ctx(c)), expect, name);
  }
});

test('banners and admin confirmations', () => {
  assert.deepEqual(orderBanners({ preferredDelivery: M.dayNotAllowed }, ['2026-11-25', '2026-11-27']), [
    'Please fix the errors below.',
    "The preferred delivery date you selected doesn't match a delivery route option. Please select one of the days listed: Wednesday, Friday",
  ]);
  for (const days of [[], undefined])
    assert.deepEqual(
      orderBanners({ preferredDelivery: M.dayNotAllowed }, days),
      [M.fixErrors, M.noRouteDaysBanner],
      'no day known: the banner says so instead of "listed:" and nothing',
    );
  assert.deepEqual(orderBanners({ preferredPickup: M.pickupAfterDelivery }), [
    M.fixErrors,
    M.pickupAfterDeliveryBanner,
  ]);
  assert.deepEqual(orderBanners({}), []);
  assert.equal(routeDaysText(['2026-11-29', '2026-11-23', '2026-11-30']), 'Monday, Sunday');
  const o = { preferredDelivery: '2026-11-25T17:00:00Z', preferredPickup: '2026-11-24T17:00:00Z' };
  assert.deepEqual(adminDayConfirmations(o, { delivery: ['2026-11-25'], pickup: ['2026-11-24'] }), []);
  assert.equal(adminDayConfirmations(o, { delivery: ['2026-11-26'] }).length, 1);
  assert.equal(adminDayConfirmations(o, { delivery: ['2026-11-26'], pickup: [] }).length, 2);
  assert.deepEqual(adminDayConfirmations(o, {}), []);
});

test('applyTypeRules: type → pickup type, definition → type/status', () => {
  const table: [Parameters<typeof applyTypeRules>[0], Parameters<typeof applyTypeRules>[1], object][] = [
    [
      { orderType: 'sameDay', preferredDelivery: 'D' },
      'orderType',
      { pickupType: 'regular', deliveryDate: 'D' },
    ],
    [{ orderType: 'layover' }, 'orderType', { pickupType: 'layoverpickup' }],
    [{ orderType: 'cash_return' }, 'orderType', { pickupType: 'layoverpickup' }],
    [{ orderType: 'cash_pickup' }, 'orderType', { pickupType: 'layoverpickup' }],
    [{ orderType: 'dropoff' }, 'orderType', {}],
    [{ orderType: 'rej_return' }, 'orderType', {}],
    [
      { orderDef: 'int', orderType: 'layover', preferredDelivery: 'D' },
      'orderDef',
      { orderType: 'sameDay', status: 1, pickupType: 'regular', deliveryDate: 'D' },
    ],
    [
      { orderDef: 'ext', orderType: 'sameDay' },
      'orderDef',
      { orderType: 'layover', pickupType: 'layoverpickup' },
    ],
    [
      { orderType: 'sameDay', preferredDelivery: 'E' },
      'preferredDelivery',
      { pickupType: 'regular', deliveryDate: 'E' },
    ],
    [{ orderType: 'layover', preferredDelivery: 'E' }, 'preferredDelivery', {}],
  ];
  for (const [o, field, expect] of table)
    assert.deepEqual(applyTypeRules(o, field), expect, `${field} ${JSON.stringify(o)}`);
});

test('billingMethodText', () => {
  const table: [string | undefined, string | undefined, string][] = [
    ['cash', '12', 'Cash 12'],
    ['check', '88', 'Check 88'],
    ['net', 'x', 'Net Terms'],
    ['samples', undefined, 'Samples'],
    ['', '1', ''],
    [undefined, undefined, ''],
  ];
  for (const [m, id, text] of table) assert.equal(billingMethodText(m, id), text);
});

test('canTransition: staff anything but cancel, drivers along the road, vendors never', () => {
  const table: [number, number, RoleNumber, boolean][] = [
    [0, 1, Role.Admin, true],
    [3, 0, Role.SuperAdmin, true],
    [8, 0, Role.Admin, true],
    [0, 8, Role.Admin, false],
    [0, 1, Role.AccountAdmin, false],
    [1, 1, Role.User, true],
    [1, 7, Role.Driver, true],
    [7, 2, Role.Driver, true],
    [2, 3, Role.Driver, true],
    [3, 2, Role.Driver, true],
    [2, 0, Role.Driver, false],
    [0, 1, Role.Driver, false],
    [3, 1, Role.Driver, false],
    [8, 2, Role.Driver, false],
    [0, 9, Role.Admin, false],
  ];
  for (const [from, to, role, ok] of table)
    assert.equal(canTransition(from, to, role), ok, `${from}→${to} by ${role}`);
});

test('statusOptionsFor, canCancel, labelAllowed', () => {
  assert.deepEqual(statusOptionsFor(Role.Admin), [0, 1, 7, 2, 3, 4, 5, 6]);
  assert.deepEqual(statusOptionsFor(Role.Driver), [1, 7, 2, 3, 4, 5, 6]);
  assert.deepEqual(statusOptionsFor(Role.User), []);
  const cancel: [number, number, RoleNumber, boolean, boolean][] = [
    [0, 0, Role.User, false, true],
    [1, 0, Role.Admin, false, true],
    [7, 0, Role.User, false, false],
    [2, 0, Role.User, false, false],
    [0, 0, Role.Driver, false, false],
    [0, 0, Role.User, true, false],
    [0, 1, Role.User, false, false],
    [0, 2, Role.Admin, false, false],
  ];
  for (const [status, deleted, role, mode, ok] of cancel)
    assert.equal(canCancel({ status, deleted }, role, mode), ok, `cancel ${status}/${deleted} by ${role}`);
  const labels: [number, boolean][] = [
    [0, false],
    [1, true],
    [2, true],
    [3, false],
    [4, true],
    [5, false],
    [6, false],
    [7, true],
    [8, false],
  ];
  for (const [s, ok] of labels) assert.equal(labelAllowed(s), ok, `label at ${s}`);
});

test('signatureAutoFill, dateApproved, rejectedDate, dayOf, licence type', () => {
  const profile = { name: 'Dee Driver', image: 'data:image/png;base64,AA', userId: 'u1' };
  assert.deepEqual(Object.keys(signatureAutoFill(Role.Driver, 7, profile, NOW)), ['pickup']);
  for (const s of [2, 3, 5, 6])
    assert.deepEqual(Object.keys(signatureAutoFill(Role.Driver, s, profile, NOW)), ['driver']);
  assert.deepEqual(signatureAutoFill(Role.Driver, 4, profile, NOW), {});
  assert.deepEqual(signatureAutoFill(Role.Admin, 7, profile, NOW), {});
  assert.deepEqual(signatureAutoFill(Role.Driver, 7, undefined, NOW), {});
  assert.equal(signatureAutoFill(Role.Driver, 7, profile, NOW).pickup?.date, NOW.toISOString());
  assert.equal(needsDateApproved(1, undefined), true);
  assert.equal(needsDateApproved(1, 'x'), false);
  assert.equal(needsDateApproved(0, undefined), false);
  assert.equal(needsDateApproved(8, undefined), false);
  assert.equal(needsRejectedDate(5, undefined), true);
  assert.equal(needsRejectedDate(6, 'x'), false);
  assert.equal(needsRejectedDate(3, undefined), false);
  assert.equal(dayOf('2026-11-23T23:30:00-05:00'), '2026-11-24');
  assert.equal(dayOf('2026-11-23'), '2026-11-23');
  assert.equal(dayOf(''), '');
  assert.equal(licenceTypeMismatch('ar 1', 'c 2'), true);
  assert.equal(licenceTypeMismatch('A 1', 'c 2'), false);
});

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { Role } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { ListMessages, listPlan, monthsBetween } from '../../src/domain/lists-query.js';

const now = new Date('2026-11-23T10:00:00Z'); // a Monday
const DAY = 86_400_000;
const admin = { role: Role.Admin, companyKeys: [] };
const vendor = { role: Role.User, companyKeys: ['A1', 'A2'] };
const is = (status: number, message?: string) => (e: unknown) =>
  e instanceof Problem && e.status === status && (!message || e.message === message);

test('months of the 40-day window, newest first', () => {
  assert.deepEqual(monthsBetween(new Date('2026-10-14T10:00:00Z'), now), ['2026-11', '2026-10']);
  assert.deepEqual(monthsBetween(new Date('2025-12-20T00:00:00Z'), new Date('2026-01-29T00:00:00Z')), [
    '2026-01',
    '2025-12',
  ]);
});

test('admin: this week by default, a status with it as an equality', () => {
  const p = listPlan('admin', admin, { status: 3 }, now)!;
  assert.deepEqual(p.scopes, [{ deliveryWeek: '2026-11-23', status: 3 }]);
  assert.deepEqual(p.residual, { deleted: { $ne: 1 } });
  assert.deepEqual(p.sort, { column: 'createdAt', path: 'createdAt', dir: -1 });
  assert.equal(p.keyset, true);
});

test('admin: a range is one equality per day; too long or reversed is a 400', () => {
  assert.deepEqual(listPlan('admin', admin, { from: '2026-02-27', to: '2026-03-01' }, now)!.scopes, [
    { deliveryDay: '2026-02-27' },
    { deliveryDay: '2026-02-28' },
    { deliveryDay: '2026-03-01' },
  ]);
  assert.throws(
    () => listPlan('admin', admin, { from: '2026-01-01', to: '2026-06-01' }, now),
    is(400, ListMessages.rangeTooLong),
  );
  assert.throws(
    () => listPlan('admin', admin, { from: '2026-02-01', to: '2026-01-01' }, now),
    is(400, ListMessages.rangeOrder),
  );
  // all history without a search needs the oldest order's time (lists.ts reads it)
  assert.throws(
    () => listPlan('admin', admin, { all: true }, now),
    is(400, ListMessages.allHistoryNeedsScope),
  );
});

test('orders §2 Show All History without a search: every month from the oldest order, read newest first', () => {
  const since = new Date('2026-08-14T00:00:00Z');
  const p = listPlan('admin', admin, { all: true }, now, { historySince: since })!;
  assert.deepEqual(
    p.scopes.map((s) => s.createdMonth),
    ['2026-11', '2026-10', '2026-09', '2026-08'],
  );
  assert.equal(p.monthly, true, 'newest first: month after month until a page is full');
  const sorted = listPlan('admin', admin, { all: true, sort: 'vendor' }, now, { historySince: since })!;
  assert.equal(sorted.monthly, false, 'another sort reads every month to the page size and merges');
});

test('orders §2 Show Only Delivered: the delivery outcomes, never Picked Up; Exception for staff only', () => {
  assert.deepEqual(listPlan('admin', admin, { delivered: true }, now)!.residual.status, {
    $in: [3, 4, 5, 6],
  });
  assert.deepEqual(listPlan('outgoing', vendor, { delivered: true }, now)!.residual.status, {
    $in: [3, 5, 6],
  });
});

test('outgoing: one scope per licence, the window and a week ranges; search and Approved as residual', () => {
  const p = listPlan('outgoing', vendor, { q: 'Green G-1', status: 1, def: 'int', sort: 'vendor' }, now)!;
  assert.deepEqual(p.scopes, [
    { pickupKey: 'A1', orderDef: 'int' },
    { pickupKey: 'A2', orderDef: 'int' },
  ]);
  assert.deepEqual(p.residual.createdAt, { $gte: new Date(now.getTime() - 40 * DAY) });
  const w = listPlan('incoming', vendor, { week: '2026-11-26' }, now)!;
  assert.deepEqual(w.scopes, [{ destKey: 'A1' }, { destKey: 'A2' }]);
  assert.deepEqual(w.residual.deliveryDay, { $gte: '2026-11-23', $lt: '2026-11-30' });
  assert.equal(w.residual.createdAt, undefined);
  assert.deepEqual(p.residual.status, { $in: [1, 4] });
  assert.deepEqual(p.residual.$and, [
    { searchTokens: { $regex: '^green' } },
    { searchTokens: { $regex: '^g1' } },
  ]);
  assert.equal(p.keyset, false);
  assert.equal(p.sort.dir, 1);
});

test('who may see which list', () => {
  assert.throws(() => listPlan('admin', vendor, {}, now), is(403));
  assert.throws(() => listPlan('outgoing', vendor, { company: 'B1' }, now), is(403));
  assert.throws(() => listPlan('placed', vendor, {}, now), is(403)); // role 4: no placed orders
  assert.throws(() => listPlan('outgoing', { role: Role.Driver, companyKeys: [] }, {}, now), is(403));
  assert.equal(listPlan('incoming', { role: Role.User, companyKeys: [] }, {}, now), null);
  assert.equal(listPlan('driver', { role: Role.Driver, companyKeys: [] }, {}, now), null);
  const d = listPlan('driver', { role: Role.Driver, companyKeys: [], driverId: 'x' }, {}, now)!;
  assert.equal(d.limit, 300);
  // the driver's own orders in creation windows, newest first: two months, two more, four more, the rest of the 366
  // days' months
  const floor = new Date(`${monthsBetween(new Date(now.getTime() - 366 * DAY), now).at(-1)}-01T00:00:00Z`);
  const at = (m: string) => new Date(`${m}-01T00:00:00Z`);
  assert.deepEqual(d.scopes, [
    { driverIds: 'x', createdAt: { $gte: at('2026-10') } },
    { driverIds: 'x', createdAt: { $gte: at('2026-08'), $lt: at('2026-10') } },
    { driverIds: 'x', createdAt: { $gte: at('2026-04'), $lt: at('2026-08') } },
    { driverIds: 'x', createdAt: { $gte: floor, $lt: at('2026-04') } },
  ]);
  assert.equal(d.monthly, true);
  // on the list rows: the two legs' scalar keys, all 366 days at once (each read in order and stopped at the page)
  assert.deepEqual(d.rowScopes, [
    { driverPickup: 'x', createdAt: { $gte: floor } },
    { driverDelivery: 'x', createdAt: { $gte: floor } },
  ]);
  // a search: all of them as one scope (the same orders)
  const s = listPlan('driver', { role: Role.Driver, companyKeys: [], driverId: 'x' }, { q: 'cedar' }, now)!;
  assert.deepEqual(s.scopes, [{ driverIds: 'x' }]);
  assert.deepEqual(s.residual.createdAt, { $gte: floor });
  assert.throws(
    () => listPlan('driver', { role: Role.Driver, companyKeys: [], driverId: 'x' }, { limit: 50 }, now),
    is(400),
  );
});

test('deleted: shown only to staff who ask', () => {
  assert.equal(listPlan('admin', admin, { deleted: true }, now)!.residual.deleted, undefined);
  assert.deepEqual(listPlan('outgoing', vendor, { deleted: true }, now)!.residual.deleted, { $ne: 1 });
});

import { test } from 'node:test';
import assert from 'node:assert/strict';
import mongoose from 'mongoose';
import { Role } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import {
  decodeCursor,
  encodeCursor,
  orderListQuery,
  periodOf,
  toOrderView,
} from '../../src/domain/orders.js';
import type { OrderDoc } from '../../src/models/order.js';

// The list rules without HTTP or a database: who sees which orders, and how a page continues.
const now = new Date('2026-11-23T10:00:00Z');
const sort = { createdAt: -1, _id: -1 };

test('staff: the current month by default, another month, or one company', () => {
  assert.deepEqual(orderListQuery({ role: Role.Admin }, {}, now), {
    filter: { createdMonth: '2026-11', deleted: 0 },
    sort,
    limit: 25,
  });
  assert.deepEqual(orderListQuery({ role: Role.SuperAdmin }, { month: '2026-10', limit: 100 }, now)?.filter, {
    createdMonth: '2026-10',
    deleted: 0,
  });
  assert.deepEqual(orderListQuery({ role: Role.Admin }, { company: 'LIC-B', status: 4 }, now)?.filter, {
    companyKey: 'LIC-B',
    deleted: 0,
    status: 4,
  });
});

test("a vendor: their company's orders only; naming another company is refused; unknown company sees nothing", () => {
  const me = { role: Role.User, companyKey: 'LIC-A' };
  assert.deepEqual(orderListQuery(me, {}, now)?.filter, { companyKey: 'LIC-A', deleted: 0 });
  assert.deepEqual(orderListQuery(me, { company: 'LIC-A', month: '2026-01' }, now)?.filter, {
    companyKey: 'LIC-A',
    createdMonth: '2026-01',
    deleted: 0,
  });
  assert.throws(
    () => orderListQuery(me, { company: 'LIC-B' }, now),
    (e: unknown) => e instanceof Problem && e.status === 403,
  );
  assert.equal(orderListQuery({ role: Role.AccountAdmin }, {}, now), null);
});

test('a vendor asking for approved orders also gets the exceptions (shown to them as approved, spec §4)', () => {
  const me = { role: Role.AccountAdmin, companyKey: 'LIC-A' };
  assert.deepEqual(orderListQuery(me, { status: 1 }, now)?.filter.status, { $in: [1, 4] });
  assert.deepEqual(orderListQuery(me, { status: 3 }, now)?.filter.status, 3);
  const doc = {
    _id: new mongoose.Types.ObjectId(),
    companyKey: 'LIC-A',
    status: 4,
    createdAt: now,
  } as OrderDoc;
  assert.equal(toOrderView(doc, Role.User).status, 1);
  assert.equal(toOrderView(doc, Role.User).statusName, 'Order Approved');
  assert.equal(toOrderView(doc, Role.Admin).statusName, 'Exception');
});

test('keyset cursor: round trip, continues strictly after the last row, garbage is a 400', () => {
  const last = { createdAt: new Date('2026-11-20T08:00:00.123Z'), _id: new mongoose.Types.ObjectId() };
  const c = decodeCursor(encodeCursor(last));
  assert.equal(c.createdAt.getTime(), last.createdAt.getTime());
  assert.equal(String(c.id), String(last._id));
  const q = orderListQuery({ role: Role.Admin }, { cursor: encodeCursor(last) }, now);
  assert.deepEqual(q?.filter.$or, [
    { createdAt: { $lt: last.createdAt } },
    { createdAt: last.createdAt, _id: { $lt: last._id } },
  ]);
  for (const bad of ['abc', Buffer.from('12.nothex').toString('base64url')])
    assert.throws(
      () => decodeCursor(bad),
      (e: unknown) => e instanceof Problem && e.status === 400,
    );
  assert.equal(periodOf(new Date('2026-01-31T23:59:59Z')), '2026-01');
});

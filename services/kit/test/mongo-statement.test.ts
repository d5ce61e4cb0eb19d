import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mongoStatement } from '../src/telemetry.js';

/** What a MongoDB span records as its statement (src/telemetry.ts): the shape, never a value, an insert's documents counted. */
test('values are masked at every depth; an insert records how many documents, not their fields', () => {
  const order = { orderId: 'G-100001', data: { order: { pickupLN: '050-1X' } }, history: [{ hash: 'abc' }] };
  const insert = mongoStatement({ insert: 'orders', documents: [order, order], ordered: false });
  assert.equal(insert, '{"insert":"?","documents":"2 documents","ordered":"?"}');
  assert.ok(!insert.includes('G-100001') && !insert.includes('050-1X'));
  assert.equal(
    mongoStatement({ insert: 'orders', documents: [order] }),
    '{"insert":"?","documents":"1 document"}',
  );
  assert.equal(
    mongoStatement({ find: 'orders', filter: { user: 'u-1', status: { $in: [1, 2] } }, limit: 50 }),
    '{"find":"?","filter":{"user":"?","status":{"$in":["?","?"]}},"limit":"?"}',
  );
  // a field named `documents` inside a filter is a value like any other
  assert.equal(
    mongoStatement({ find: 'x', filter: { documents: 3 } }),
    '{"find":"?","filter":{"documents":"?"}}',
  );
});

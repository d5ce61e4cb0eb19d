import { test } from 'node:test';
import assert from 'node:assert/strict';
import { context, trace, INVALID_SPAN_CONTEXT } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
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

test('under a span the sampler left out, no statement is made (its command span records nothing)', () => {
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  const unsampled = trace.setSpan(context.active(), trace.wrapSpanContext(INVALID_SPAN_CONTEXT));
  assert.equal(trace.getSpan(unsampled)?.isRecording(), false);
  const find = { find: 'orders', filter: { user: 'u-1' } };
  assert.equal(
    context.with(unsampled, () => mongoStatement(find)),
    '',
  );
  // without a span around it (no trace at all) the statement is made as before
  assert.equal(mongoStatement(find), '{"find":"?","filter":{"user":"?"}}');
});

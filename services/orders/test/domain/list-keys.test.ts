import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  MAX_SEARCH_TOKENS,
  licenceKey,
  listKeysOf,
  searchWords,
  tokensOf,
  weekOf,
} from '../../src/domain/list-keys.js';

const order = {
  orderId: 'G-104233',
  createdAt: new Date('2026-11-20T15:00:00Z'),
  manifest: { name: 'MAN-0042.pdf' },
  data: {
    order: {
      orderDef: 'int',
      status: 4,
      pickupLN: 'c11-0000123-lic',
      destinationLN: ' R 610 77 ',
      preferredDelivery: '2026-11-26T12:00:00.000Z',
      driver: { pickup: 'drv-1', delivery: null },
    },
    pickupCompany: { Licensee: 'Green Leaf Farms LLC', DBA: 'Grüne Blätter', City: 'Portland', Zip: '97201' },
    destCompany: { Licensee: 'Bud & Co.', DBA: '', City: 'Salem', Zip: 97301 },
    billing: { manifest: 'M-7781' },
  },
};

test('licenceKey drops whitespace and upper-cases', () => {
  assert.equal(licenceKey(' c11 - 0000123 '), 'C11-0000123');
});

test('the keys of a full order', () => {
  const k = listKeysOf(order);
  assert.equal(k.pickupKey, 'C11-0000123-LIC');
  assert.equal(k.destKey, 'R61077');
  assert.deepEqual(k.companyKeys, ['C11-0000123-LIC', 'R61077']);
  assert.equal(k.status, 4);
  assert.equal(k.deliveryDay, '2026-11-26'); // preferred, no approved date yet
  assert.equal(k.deliveryWeek, '2026-11-23'); // its Monday
  assert.equal(k.createdMonth, '2026-11');
  assert.deepEqual(k.driverIds, ['drv-1', '']);
  assert.equal(k.orderDef, 'int');
  for (const t of [
    'g104233',
    '104233',
    'c110000123lic',
    '0000123',
    'r61077',
    'm7781',
    'green',
    'leaf',
    'farms',
  ])
    assert.ok(k.searchTokens.includes(t), t);
  for (const t of ['grune', 'blatter', 'bud', 'co', 'portland', 'salem', '97201', '97301'])
    assert.ok(k.searchTokens.includes(t), t);
  assert.ok(!k.searchTokens.includes('g'), 'one-letter tokens are dropped');
  assert.equal(new Set(k.searchTokens).size, k.searchTokens.length, 'no duplicates');
});

test('the approved delivery date wins over the preferred one; dates are UTC', () => {
  const k = listKeysOf({
    ...order,
    data: { ...order.data, order: { ...order.data.order, deliveryDate: '2026-11-30T23:30:00-05:00' } },
  });
  assert.equal(k.deliveryDay, '2026-12-01');
  assert.equal(k.deliveryWeek, '2026-11-30');
});

test('an empty order still has every key', () => {
  const k = listKeysOf({ createdAt: '2026-01-04T10:00:00Z' });
  assert.deepEqual(k, {
    pickupKey: '',
    destKey: '',
    companyKeys: ['', ''],
    status: 0,
    deliveryDay: '2026-01-04',
    deliveryWeek: '2025-12-29',
    createdMonth: '2026-01',
    driverIds: ['', ''],
    orderDef: 'ext',
    searchTokens: [],
  });
});

test('weekOf: weeks start on Monday', () => {
  assert.equal(weekOf('2026-11-23'), '2026-11-23');
  assert.equal(weekOf('2026-11-29'), '2026-11-23');
  assert.equal(weekOf('2026-11-30'), '2026-11-30');
  assert.equal(weekOf('2024-03-01'), '2024-02-26');
});

test('tokens are capped at 64', () => {
  const long = Array.from({ length: 100 }, (_, i) => `word${i}`).join(' ');
  const k = listKeysOf({ ...order, data: { ...order.data, pickupCompany: { Licensee: long } } });
  assert.equal(k.searchTokens.length, MAX_SEARCH_TOKENS);
  assert.equal(k.searchTokens[0], 'g104233', 'the order ID comes first');
});

test('search words are compacted like the tokens', () => {
  assert.deepEqual(searchWords('  G-104233  Grüne '), ['g104233', 'grune']);
  assert.deepEqual(tokensOf('G-104233'), ['g104233', '104233']);
  assert.deepEqual(searchWords('-- '), []);
});

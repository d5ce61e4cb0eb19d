// Spec coverage (run by the static suite of `npm test`): every text both specs quote is in the code word for word —
// a user message as a whole string of services/contracts/src, a label or field name (spec-coverage.allow.mjs) in
// the product's source — and every call they list ("METHOD /path") is in a service's route table.
import { test } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import {
  root,
  SPECS,
  readSpec,
  quotesOf,
  endpointsOf,
  contractsText,
  productText,
  routeTable,
  literalPattern,
  normalPath,
  definitionsOf,
  isUsed,
  contractsFiles,
  productFiles,
  themeFiles,
  uncommented,
} from './spec-coverage.mjs';
import { QUOTE_ALLOW, ENDPOINT_ALLOW } from './spec-coverage.allow.mjs';

const specs = SPECS.map((name) => ({ name, text: readSpec(name) }));
const quotes = specs.flatMap((s) => quotesOf(s.text).map((q) => ({ ...q, spec: s.name })));
const endpoints = specs.flatMap((s) => endpointsOf(s.text).map((e) => ({ ...e, spec: s.name })));
const where = (x) => `${x.spec}:${x.line}`;

test('spec coverage: the specs are read (quotes and calls of both documents)', () => {
  for (const { name } of specs) {
    assert.ok(quotes.filter((q) => q.spec === name).length > 40, `${name}: its quoted texts`);
    assert.ok(endpoints.filter((e) => e.spec === name).length > 20, `${name}: its calls`);
  }
});

test('spec coverage: every quoted message is in contracts word for word', () => {
  const contracts = contractsText();
  const missing = quotes
    .filter((q) => !(q.text in QUOTE_ALLOW) && !literalPattern(q.text).test(contracts))
    .map((q) => `${where(q)} "${q.text}"`);
  assert.deepEqual(
    [...new Set(missing)],
    [],
    'messages of the specs missing from services/contracts/src (or worded differently); a label or example goes in ' +
      'scripts/spec-coverage.allow.mjs with its reason',
  );
});

// A message defined in contracts but written out again (or not shown at all) by a screen is not covered: the product
// (or a contracts rule it calls) uses the contracts name. A data value the contracts name inline counts as used.
test('spec coverage: every message in contracts is used by the product under its contracts name', () => {
  const contracts = contractsText();
  const files = [...contractsFiles(), ...productFiles(), ...themeFiles()];
  const unused = [];
  for (const text of new Set(quotes.map((q) => q.text))) {
    if (text in QUOTE_ALLOW) continue;
    const defs = definitionsOf(text, contracts);
    if (defs.length && !defs.some((d) => isUsed(d, files)))
      unused.push(`"${text}" (${defs.map((d) => d.name)})`);
  }
  assert.deepEqual(unused, [], 'spec messages defined in contracts that no screen or service uses');
});

// Written out again, a message drifts from the spec's words the day one copy is edited: the product imports it.
test('spec coverage: no screen or service writes a spec message out again (comments aside)', () => {
  const code = uncommented(productText());
  const copies = [...new Set(quotes.map((q) => q.text))]
    .filter((text) => !(text in QUOTE_ALLOW) && literalPattern(text).test(code))
    .map((text) => `"${text}"`);
  assert.deepEqual(copies, [], 'spec messages written out in the product instead of imported from contracts');
});

test('spec coverage: every allow-listed quote is still quoted, and found where its entry says', () => {
  const quoted = new Set(quotes.map((q) => q.text));
  const contracts = contractsText();
  const product = productText();
  const problems = [];
  for (const [text, entry] of Object.entries(QUOTE_ALLOW)) {
    assert.ok(entry.reason, `"${text}": an allow-list entry says why`);
    if (!quoted.has(text)) problems.push(`"${text}": no longer quoted by the specs, drop the entry`);
    if (entry.find && !`${contracts}\n${product}`.includes(entry.find))
      problems.push(`"${text}": ${entry.find} not in the product`);
    for (const c of entry.contracts ?? [])
      if (!literalPattern(c).test(contracts)) problems.push(`"${text}": "${c}" not in contracts`);
  }
  assert.deepEqual(problems, []);
});

test('spec coverage: every call of the specs is in a route table (mounted under /api)', () => {
  const routes = routeTable();
  assert.ok(routes.size > 50, `route tables read: ${routes.size} routes`);
  const missing = endpoints
    .map((e) => ({ ...e, key: `${e.method} ${e.path}` }))
    .filter((e) => !routes.has(e.key) && !(e.key in ENDPOINT_ALLOW))
    .map((e) => `${where(e)} ${e.key}`);
  assert.deepEqual(
    missing,
    [],
    'calls of the specs no service serves; a call renamed or removed on purpose goes in ENDPOINT_ALLOW with its reason',
  );
});

test('spec coverage: every allow-listed call is still in the specs and really not served', () => {
  const listed = new Set(endpoints.map((e) => `${e.method} ${e.path}`));
  const routes = routeTable();
  for (const [key, entry] of Object.entries(ENDPOINT_ALLOW)) {
    assert.ok(
      entry.reason && entry.decision,
      `${key}: the reason and the file where the decision is written`,
    );
    const path = key.split(' ')[1].replace(/\{\}/g, '');
    assert.ok(
      readFileSync(join(root, entry.decision), 'utf8').includes(path),
      `${key}: ${entry.decision} writes the decision down (names ${path})`,
    );
    assert.ok(listed.has(key), `${key}: no longer in the specs, drop the entry`);
    assert.ok(!routes.has(key), `${key}: served after all, drop the entry`);
  }
});

test('spec coverage: the extraction rules themselves', () => {
  assert.deepEqual(
    quotesOf(`- 'A' and "B doesn't"; the drivers' 'C {x}!' "D"`).map((q) => q.text),
    ["B doesn't", 'D', 'A', 'C {x}!'],
  );
  assert.deepEqual(
    endpointsOf(
      'GET /orders?query or POST /orders {where}; POST /users/create, /users/update each. GET /maps/{id}.',
    ).map((e) => `${e.method} ${e.path}`),
    ['GET /orders', 'POST /orders', 'POST /users/create', 'POST /users/update', 'GET /maps/{}'],
  );
  assert.equal(normalPath('/users/:email'), '/users/{}');
  assert.ok(literalPattern('Failed to delete user: ...').test('x: (m) => `Failed to delete user: ${m}`,'));
  assert.ok(!literalPattern('Order not found').test("'Order not found here'"));
  assert.ok(literalPattern('License Number is required. ').test("'License Number is required. '"));
});

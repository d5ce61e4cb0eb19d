// The contract test that lets each domain deploy on its own: a published event version never changes in a
// way that breaks a consumer. The committed snapshot holds every subject's schema as it was published; a schema may
// only gain OPTIONAL properties. Anything else — a removed or renamed field, a type change, optional → required, a
// widened or narrowed enum — needs a new subject version (`.v2`). New subjects are added to the snapshot with
// `UPDATE_EVENT_SNAPSHOT=1 npm test` (that never rewrites an existing entry).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { EventCatalogue, Subjects, domainOf, versionOf, isEventSubject } from '../src/index.js';
import { breakingChanges } from './schema-compat.js';

const SNAPSHOT = fileURLToPath(new URL('./event-catalogue.snapshot.json', import.meta.url));
const plain = (s: unknown) => JSON.parse(JSON.stringify(s)) as Record<string, unknown>;

test('every subject names its domain, entity, verb and version, and has a schema', () => {
  for (const subject of Object.values(Subjects)) {
    assert.match(subject, /^[a-z]+\.[a-z-]+\.[a-z-]+\.v[1-9]\d*$/, subject);
    assert.ok(domainOf(subject));
    assert.ok(versionOf(subject) >= 1);
    assert.ok(isEventSubject(subject), `${subject} has no schema in the catalogue`);
  }
  assert.equal(isEventSubject('accounts.user.verified'), false);
  assert.throws(() => versionOf('accounts.user.verified'));
});

test('no published event version changes incompatibly (else: publish a new .vN)', () => {
  const snapshot = JSON.parse(readFileSync(SNAPSHOT, 'utf8')) as Record<string, Record<string, unknown>>;
  const problems: string[] = [];
  for (const [subject, published] of Object.entries(snapshot)) {
    const now = (EventCatalogue as Record<string, unknown>)[subject];
    if (!now) {
      problems.push(`${subject}: removed while consumers may still read it`);
      continue;
    }
    for (const p of breakingChanges(published, plain(now))) problems.push(`${subject}: ${p}`);
  }
  assert.deepEqual(problems, []);
  const added = Object.keys(EventCatalogue).filter((s) => !(s in snapshot));
  if (added.length && process.env.UPDATE_EVENT_SNAPSHOT === '1') {
    for (const s of added) snapshot[s] = plain((EventCatalogue as Record<string, unknown>)[s]);
    writeFileSync(SNAPSHOT, JSON.stringify(snapshot, null, 2) + '\n');
  } else {
    assert.deepEqual(added, [], 'new subjects: add them to the snapshot with UPDATE_EVENT_SNAPSHOT=1');
  }
});

test('the compatibility rule itself: optional additions pass, everything else fails', () => {
  const v1 = { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] };
  assert.deepEqual(breakingChanges(v1, v1), []);
  const addOptional = { ...v1, properties: { ...v1.properties, b: { type: 'number' } } };
  assert.deepEqual(breakingChanges(v1, addOptional), []);
  assert.equal(breakingChanges(v1, { ...addOptional, required: ['a', 'b'] }).length, 1);
  assert.equal(breakingChanges(v1, { type: 'object', properties: {}, required: [] }).length, 1);
  assert.equal(breakingChanges(v1, { ...v1, properties: { a: { type: 'number' } } }).length, 1);
  const lit = { anyOf: [{ const: 'x' }, { const: 'y' }] };
  assert.equal(breakingChanges(lit, { anyOf: [{ const: 'x' }] }).length, 1);
  assert.equal(breakingChanges(lit, { anyOf: [{ const: 'x' }, { const: 'y' }, { const: 'z' }] }).length, 1);
});

test('user events carry the public orders link only as its SHA-256, never the token (a bearer secret)', async () => {
  const { Value } = await import('typebox/value');
  const user = { userId: 'u', email: 'u@x' };
  const token = 'Q2hhbmdlTWVQbGVhc2VJdElzQVRva2VuMTIzNDU2Nzg5'; // 43 base64url characters, as accounts makes them
  for (const s of [
    Subjects.userCreated,
    Subjects.userUpdated,
    Subjects.userSuspended,
    Subjects.userDeleted,
  ]) {
    const schema = (EventCatalogue as unknown as Record<string, never>)[s];
    assert.equal(Value.Check(schema, { ...user, publicOrdersHash: 'ab'.repeat(32) }), true, s);
    assert.equal(Value.Check(schema, { ...user, publicOrdersHash: '' }), true, `${s}: '' is off`);
    assert.equal(Value.Check(schema, { ...user, publicOrdersHash: token }), false, `${s}: no token`);
  }
});

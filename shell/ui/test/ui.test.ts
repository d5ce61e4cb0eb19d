import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ApiError, serverMessage } from '../src/types.js';
import { isEmail } from '../src/hooks.js';

test('serverMessage prefers message, then error, then detail', () => {
  assert.equal(serverMessage({ message: 'a', error: 'b' }, 'x'), 'a');
  assert.equal(serverMessage({ error: 'b', detail: 'c' }, 'x'), 'b');
  assert.equal(serverMessage({ detail: 'c' }, 'x'), 'c');
  assert.equal(serverMessage('plain text', 'x'), 'x');
});

test('ApiError carries the status and the message', () => {
  const e = new ApiError(400, 'That username and password combination is not valid');
  assert.ok(e instanceof Error);
  assert.equal(e.status, 400);
  assert.equal(e.message, 'That username and password combination is not valid');
});

test('isEmail accepts addresses and rejects the rest', () => {
  assert.ok(isEmail('user@demo.portal'));
  assert.ok(!isEmail('user@'));
  assert.ok(!isEmail('not an email'));
});

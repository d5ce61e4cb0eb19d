import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  EMAIL_MAX_LENGTH,
  LIMITS,
  Messages,
  UPLOAD_BODY_LIMIT_BYTES,
  UPLOAD_MAX_FILE_BYTES,
  formatPhone,
  isValidEmail,
  isValidName,
  parsePhone,
  PHONE_INPUT_MAX_LENGTH,
} from '../src/index.js';

test('isValidEmail: what the SMTP path delivers to', () => {
  for (const ok of [
    'user@demo.portal',
    'a.b+tag@mail.example.co.uk',
    "o'neil@x.io",
    'x_y-z@sub-1.example.com',
  ])
    assert.ok(isValidEmail(ok), ok);
  for (const bad of [
    '',
    'user',
    'user@',
    '@x.io',
    'a@b@c.io',
    'a b@x.io',
    'a..b@x.io',
    '.a@x.io',
    'a@x',
    'a@-x.io',
    'a@x-.io',
    'a@x..io',
    'a@x.1',
    'ü@x.io',
    '<a>@x.io',
    `${'a'.repeat(65)}@x.io`,
    `a@${'b'.repeat(64)}.io`,
    `${'a'.repeat(60)}@${'b.'.repeat(100)}io`,
    42,
    null,
  ])
    assert.equal(isValidEmail(bad), false, String(bad));
  assert.equal(EMAIL_MAX_LENGTH, 254);
});

test('isValidEmail is linear: a 1 MiB hostile string is refused at once', () => {
  // The old /^[^\s@]+@[^\s@]+\.[^\s@]+$/ backtracks quadratically on this shape (minutes at 1 MiB).
  const hostile = `a@${'a'.repeat(1024 * 1024)}`;
  const t0 = performance.now();
  for (let i = 0; i < 100; i++) isValidEmail(hostile);
  isValidEmail(`a@${'.'.repeat(250)}`);
  assert.ok(performance.now() - t0 < 50, `took ${performance.now() - t0} ms`);
});

test('isValidName: Keycloak person-name rule, bounded length', () => {
  for (const ok of ['Ann', "O'Brien", 'Jean-Luc Picard', 'José Müller', 'A. B., Jr.'])
    assert.ok(isValidName(ok), ok);
  for (const bad of [
    '<b>',
    'a>b',
    'Tom & Jerry',
    'x"y',
    'semi;colon',
    'a(b)',
    'tab\there',
    'x'.repeat(101),
    5,
  ])
    assert.equal(isValidName(bad), false, String(bad));
});

test('parsePhone: accounts §5 phone rule (optional +, optional parentheses, 3+3+4-6 digits, max 16), then E.164', () => {
  assert.deepEqual(parsePhone('+1 555 123 4567'), { e164: '+15551234567', display: '(555) 123-4567' });
  assert.deepEqual(parsePhone('(760) 555-0100'), { e164: '+17605550100', display: '(760) 555-0100' });
  assert.equal(parsePhone('(916) 555-0199')?.e164, '+19165550199');
  assert.equal(parsePhone('916.555.0199')?.e164, '+19165550199');
  assert.equal(parsePhone('9165550199')?.e164, '+19165550199');
  assert.equal(parsePhone('+17605550100')?.e164, '+17605550100', 'a stored value passes again');
  assert.equal(parsePhone('+442079460958')?.display, '+44 20 7946 0958', 'stored international E.164');
  // the spec's shape that no numbering plan knows is kept as typed
  assert.deepEqual(parsePhone('123-456-7890'), { e164: '123-456-7890', display: '123-456-7890' });
  assert.equal(
    parsePhone('(916) 555-019912')?.e164,
    '(916) 555-019912',
    'a 6-digit last group, 16 characters',
  );
  for (const bad of [
    '',
    '555-1234',
    '123',
    'abc',
    '(916) 555-0199 ext 12',
    '+1 (760) 555-0100', // 17 characters: over the spec's 16
    '+44 20 7946 0958', // not 3+3+4-6
    '(916) 555-0199123', // a 7-digit last group
    '9'.repeat(31),
    null,
  ])
    assert.equal(parsePhone(bad), undefined, String(bad));
  for (const p of ['+1 555 123 4567', '(916) 555-019912'])
    assert.ok(parsePhone(p)!.e164.length <= LIMITS.phone);
  assert.equal(PHONE_INPUT_MAX_LENGTH, 16);
  assert.equal(formatPhone('+17605550100'), '(760) 555-0100');
  assert.equal(formatPhone('legacy text'), 'legacy text');
  assert.equal(formatPhone(undefined), '');
});

test('upload limits: the body cap fits the largest file as a data URL, and the message says the same size', () => {
  assert.ok(UPLOAD_BODY_LIMIT_BYTES >= Math.ceil(UPLOAD_MAX_FILE_BYTES / 3) * 4 + 1024);
  assert.equal(Messages.uploadTooLarge, `The file is limited to ${UPLOAD_MAX_FILE_BYTES / 1024 / 1024} MB.`);
});

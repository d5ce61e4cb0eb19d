import { test } from 'node:test';
import assert from 'node:assert/strict';
import { csvField, toCsv } from '../src/csv.js';

test('csvField: formula prefixes are neutralised with an apostrophe (= + - @ tab CR)', () => {
  assert.equal(
    csvField('=HYPERLINK("http://evil.example","x")'),
    `"'=HYPERLINK(""http://evil.example"",""x"")"`,
  );
  assert.equal(csvField('+cmd|calc'), "'+cmd|calc");
  assert.equal(csvField('-2+3'), "'-2+3");
  assert.equal(csvField('@SUM(A1:A2)'), "'@SUM(A1:A2)");
  assert.equal(csvField('\t=1'), "'\t=1");
  assert.equal(csvField('\r=1'), `"'\r=1"`);
});

test('csvField: plain values stay as they are; RFC 4180 quoting', () => {
  assert.equal(csvField('Acme LLC'), 'Acme LLC');
  assert.equal(csvField('a=b'), 'a=b');
  assert.equal(csvField('a,b'), '"a,b"');
  assert.equal(csvField('say "hi"'), '"say ""hi"""');
  assert.equal(csvField(null), '');
  assert.equal(csvField(3), '3');
});

test('toCsv: header, CRLF rows, every cell escaped', () => {
  const csv = toCsv(
    [{ email: '=1+1@x.io', company: 'Leaf, Inc.' }],
    [
      { header: 'Email', value: (r) => r.email },
      { header: 'Company', value: (r) => r.company },
    ],
  );
  assert.equal(csv, `Email,Company\r\n'=1+1@x.io,"Leaf, Inc."\r\n`);
});

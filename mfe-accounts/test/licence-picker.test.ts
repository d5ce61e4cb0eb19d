// The exposed ./LicencePicker: @portal/ui's picker fed by accounts' loader (GET /api/license/licensenumbers with
// search and the spec's limit of 100), used from a host that only owns the value.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '@portal/contracts';
// The real API's OpenAPI (accounts, notifications) checks every fake answer (@portal/ui/testing/portal's contract).
import { contract } from '@portal/ui/testing/portal';
import { mountComponent, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const records = [
  { 'License #': 'C11-0000101-LIC', Licensee: 'North Farms', DBA: 'North', City: 'Eureka' },
  { 'License #': 'C11-0000102-LIC', Licensee: 'South Labs', DBA: 'South', City: 'Arcata' },
];

let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    {
      module: path.join(mfe, 'test/fixtures/licence-host.tsx'),
      exportName: 'Host',
      check: (...a) => contract.check(...a),
    },
    { 'GET /api/license/licensenumbers': () => [200, { data: { licensenumbers: records } }] },
  );
});
after(async () => {
  await ui?.close();
  assert.deepEqual(ui?.violations, [], 'every fake answer is one the real API can give');
});

test("typing searches through accounts (search, limit 100); choosing sets the host form's value", async () => {
  const page = await ui.open({
    path: '/dashboard/createOrder',
    user: { email: 'v@x.example', role: Role.User },
  });
  await page.getByTestId('lp').fill('C11');
  await page.getByTestId('lp-option').filter({ hasText: 'South Labs' }).click();
  await page.getByTestId('chosen').filter({ hasText: 'C11-0000102-LIC' }).waitFor();
  const search = ui.calls.find((c) => c.call === 'GET /api/license/licensenumbers');
  assert.ok(search, 'the picker asked accounts');
  const urls = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const asked = new URL(urls.find((u) => u.includes('/api/license/licensenumbers'))!);
  assert.equal(asked.searchParams.get('search'), 'C11');
  assert.equal(asked.searchParams.get('limit'), '100');
  await page.close();
});

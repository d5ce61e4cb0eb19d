// The accounts list on react-query: rows from GET /api/users, the page's cache shared across visits,
// the load failure's message with the table still usable once a refresh succeeds.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '@portal/contracts';
// The real API's OpenAPI (accounts, notifications) checks every fake answer (@portal/ui/testing/portal's contract).
import { contract, problem } from '@portal/ui/testing/portal';
import { mountComponent, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const admin = { email: 'admin@demo.portal', role: Role.Admin };
const users = [
  {
    id: 'u1',
    email: 'ada@demo.portal',
    name: { firstName: 'Ada', lastName: 'Admin' },
    role: 1,
    verified: true,
  },
  { id: 'u2', email: 'vic@vendor.example', name: { firstName: 'Vic' }, role: 3, verified: false },
];

let ui: Mounted;
let failing = false;
before(async () => {
  ui = await mountComponent(
    {
      module: path.join(mfe, 'src/pages/Accounts.tsx'),
      exportName: 'Accounts',
      check: (...a) => contract.check(...a),
    },
    {
      'GET /api/users': () =>
        failing ? [503, problem(503, 'database unavailable')] : [200, { data: { users } }],
    },
  );
});
after(async () => {
  await ui?.close();
  assert.deepEqual(ui?.violations, [], 'every fake answer is one the real API can give');
});

test('lists the accounts from GET /api/users', async () => {
  failing = false;
  const page = await ui.open({ path: '/dashboard/accounts', user: admin });
  const table = page.getByTestId('accounts-table');
  await table.getByText('vic@vendor.example').waitFor();
  await table.getByText('Ada Admin').waitFor();
  await page.close();
});

test('a failed load says why; Refresh loads the rows once the service answers', async () => {
  failing = true;
  const page = await ui.open({ path: '/dashboard/accounts', user: admin });
  await page.getByText('The accounts could not be loaded: database unavailable').waitFor({ timeout: 10_000 });
  failing = false;
  await page.getByTestId('accounts-table-refresh').click();
  await page.getByTestId('accounts-table').getByText('vic@vendor.example').waitFor();
  assert.equal(await page.getByText('could not be loaded').count(), 0, 'the message goes with the failure');
  await page.close();
});

// License Update (accounts §2): a licence record's address edit the server refuses shows accounts §8's
// 'Failed to update address: {error}' with the server's text, and the row keeps its stored values.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Messages, Role } from '@portal/contracts';
import { contract } from '@portal/ui/testing/portal';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const days = { mon: '09:00-17:00', tue: '', wed: '', thur: '', fri: '', sat: '', sun: '' };
const record = {
  id: 'l1',
  'License #': 'C11-0000001',
  Licensee: 'Green Leaf LLC',
  DBA: 'Green Leaf',
  'Street Address': '1 Main St',
  City: 'Newark',
  Zip: '07102',
  emails: [],
  pickupRoute: [],
  active: true,
  FacilityType: '',
  windows: days,
};
const REFUSAL = 'The licence store is unreachable';

let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    {
      module: path.join(mfe, 'src/pages/LnUpdate.tsx'),
      exportName: 'LnUpdate',
      check: (...a) => contract.check(...a),
    },
    {
      'GET /api/license': () => [200, { data: { records: [record] } }],
      // the edge's answer for a service that is down, with the service's text passed on
      'POST /api/license/update': () => [502, { message: REFUSAL }],
    },
  );
});
after(async () => {
  await ui?.close();
  assert.deepEqual(ui?.violations, [], 'every fake answer is one the real API can give');
});

test('an address edit the server refuses: "Failed to update address: {error}", nothing shown as saved', async () => {
  const page = await ui.open({
    path: '/dashboard/lnupdate',
    user: { email: 'admin@x.example', role: Role.Admin },
  });
  const row = page
    .locator('.ag-row', { hasText: 'C11-0000001' })
    .filter({ has: page.locator('[col-id=__actions]') });
  await row.getByRole('button', { name: 'Edit' }).click();
  await page.locator('.ag-row-editing [col-id="Street Address"] input').fill('9 Harbor Rd');
  await page.locator('.ag-row-editing').getByRole('button', { name: 'Save' }).first().click();
  const toast = page.getByTestId('toast').getByText(Messages.updateAddressFailed(REFUSAL), { exact: true });
  await toast.waitFor();
  assert.equal(Messages.updateAddressFailed(REFUSAL), `Failed to update address: ${REFUSAL}`);
  assert.ok(ui.calls.some((c) => c.call === 'POST /api/license/update'));
  assert.equal(await page.getByText('Licence C11-0000001 updated.').count(), 0);
  await row.getByText('1 Main St').waitFor(); // the row keeps what is stored
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'licence-update-failed.png') });
  await page.close();
});

// The invites overlay (accounts §2, §4) as the shell renders it: {portal, user} props, outside any MFE App. Pending
// invites only, Dismiss and Accept answer one each (toast, the item leaves), Later closes without answering.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Role } from '@portal/contracts';
// The real API's OpenAPI (accounts, notifications) checks every fake answer (@portal/ui/testing/portal's contract).
import { contract } from '@portal/ui/testing/portal';
import { mountComponent, screenshotDir, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const user = { email: 'invited@demo.portal', role: Role.User };
const invite = (id: string, company: string, data = { accepted: false, notified: false }) => ({
  id,
  email: user.email,
  date: '2026-11-20T09:00:00.000Z',
  invited: `boss@${company.split(' ')[0]!.toLowerCase()}.example`,
  user: { email: `boss@${company.split(' ')[0]!.toLowerCase()}.example`, company: { Licensee: company } },
  data,
});
const invites = [
  invite('i1', 'North Farms'),
  invite('i2', 'South Labs'),
  invite('i3', 'Old Co', { accepted: false, notified: true }),
];

let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    {
      module: path.join(mfe, 'src/overlays/InvitesModal.tsx'),
      overlay: true,
      check: (...a) => contract.check(...a),
    },
    {
      'POST /api/users/invites': () => [200, { data: { invites } }],
      // The service answers the updated invites (accounts' OpenAPI), not a message.
      'POST /api/users/invites/update': (body) => {
        const [{ id, data }] = (body as { invites: { id: string; data: object }[] }).invites;
        const before = invites.find((i) => i.id === id)!;
        return [200, { invites: [{ ...before, data: { ...before.data, ...data } }] }];
      },
    },
  );
});
after(async () => {
  await ui?.close();
  assert.deepEqual(ui?.violations, [], 'every fake answer is one the real API can give');
});

test('shows pending invites; Dismiss and Accept answer one each; the modal closes after the last', async () => {
  const page = await ui.open({ path: '/dashboard/orders', user });
  const modal = page.getByTestId('invites-modal');
  await modal.waitFor();
  assert.equal(await modal.getByTestId('invites-item').count(), 2, 'answered invites are not shown');
  assert.deepEqual(ui.calls.find((c) => c.call === 'POST /api/users/invites')?.body, {
    where: { mine: true },
  });
  await page.screenshot({ path: path.join(screenshotDir(mfe), 'invites-modal.png') });

  await modal
    .getByTestId('invites-item')
    .filter({ hasText: 'South Labs' })
    .getByTestId('invites-dismiss')
    .click();
  await page.getByTestId('toast').filter({ hasText: 'Invitation from South Labs dismissed.' }).waitFor();
  assert.equal(await modal.getByTestId('invites-item').count(), 1);
  await modal.getByTestId('invites-accept').click();
  await page.getByTestId('toast').filter({ hasText: 'North Farms accepted' }).waitFor();
  await modal.waitFor({ state: 'detached' });
  const answers = ui.calls.filter((c) => c.call === 'POST /api/users/invites/update').map((c) => c.body);
  assert.deepEqual(answers, [
    { invites: [{ id: 'i2', data: { notified: true } }] },
    { invites: [{ id: 'i1', data: { accepted: true, notified: true } }] },
  ]);
  await page.close();
});

test('Later closes the modal and answers nothing', async () => {
  ui.calls.length = 0;
  const page = await ui.open({ path: '/dashboard/profile', user });
  const modal = page.getByTestId('invites-modal');
  await modal.waitFor();
  await modal.getByRole('button', { name: 'Later' }).click();
  await modal.waitFor({ state: 'detached' });
  assert.equal(ui.calls.filter((c) => c.call === 'POST /api/users/invites/update').length, 0);
  await page.close();
});

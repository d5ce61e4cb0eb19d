// Settings and orders read a switch's default from one table (contracts CONFIG_SWITCH_DEFAULTS): the superadmin
// saves Settings after ticking one unrelated switch, the mail switches keep their effective values (not "off"
// because they were unset), and a new order still mails the receiving company. The switch ticked
// (schedule.filter) is put back after the test: the stack's config is shared.
import { mkdirSync } from 'node:fs';
import { Role, switchValue } from '@portal/contracts';
import { test, expect, APP, placeOrder } from '@portal/e2e/fixtures';

const SHOTS = '/tmp/shots-accounts';
mkdirSync(SHOTS, { recursive: true });
const MAILS = ['alertNewOrders', 'rejectionEmails', 'exceptionEmails'] as const;

test('saving one unrelated switch keeps the mail switches on; the new-order mail arrives', async ({
  signedInAs,
  api,
  testData,
  mailbox,
}) => {
  const root = await api(Role.SuperAdmin);
  const before = (await root.call('/api/utils/config/all')).json.data as Record<string, unknown>;
  const filterWas = switchValue(before, 'schedule.filter');
  const admin = await api(Role.Admin);
  let routeId: string | undefined;
  try {
    const page = await signedInAs(Role.SuperAdmin);
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`${APP}/dashboard/settings`);
    for (const k of MAILS)
      await expect(page.getByTestId(`settings-${k}`), k).toBeChecked({ checked: switchValue(before, k) });
    await page.getByTestId('settings-schedule.filter').setChecked(!filterWas);
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('Settings saved.', { exact: false })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/settings-saved-1366.png`, fullPage: true });

    const after = (await root.call('/api/utils/config/all')).json.data as Record<string, unknown>;
    expect(after['schedule.filter']).toBe(!filterWas);
    for (const k of MAILS) expect(after[k], k).toBe(switchValue(before, k));
    expect(after.alertNewOrders, 'the new-order mail is on unless a superadmin turned it off').toBe(true);

    // a new order mails the receiving company's users (orders reads the same switch)
    const vendorLic = await testData.licence('cfgvendor');
    const receiverLic = await testData.licence('cfgreceiver');
    const vendorEmail = await testData.signedUpUser(`e2e-cfgvendor-${Date.now()}@test.portal`, vendorLic);
    const receiverEmail = await testData.signedUpUser(
      `e2e-cfgreceiver-${Date.now()}@test.portal`,
      receiverLic,
    );
    const route = await admin.call('/api/routes/create', {
      route: {
        name: `E2E settings ${Date.now()}`,
        data: {
          startTime: '08:00',
          rows: [
            { city: 'Testville', zipCode: '90001', dayOfTheWeek: 'mon,tue,wed,thur,fri,sat,sun', price: 0 },
          ],
        },
      },
    });
    routeId = route.json?.data?.route?.id;
    const since = Date.now();
    const order = await placeOrder(await api(vendorEmail), {
      from: vendorLic,
      to: receiverLic,
      invoice: 'E2E-CFG-1',
    });
    const mail = await mailbox.waitFor(
      { to: receiverEmail, since },
      { full: (m) => m.subject.includes(`New order ${order.orderId}`), timeoutMs: 60_000 },
    );
    expect(mail.to.join(' ')).toContain(receiverEmail);
  } finally {
    await root.call('/api/utils/config', { data: { 'schedule.filter': filterWas } });
    if (routeId) await admin.call('/api/routes/delete', { route: { id: routeId } });
  }
});

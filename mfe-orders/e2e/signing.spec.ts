// Signing: on a 390 px wide phone the receiver opens the incoming order, taps Sign Manifest, gets the
// full-screen pad (after its 250 ms delay), is refused without a printed name, draws a signature on the canvas,
// saves through the disclaimer and sees "1 manifest(s) out of 1 were signed"; the vendor's mailbox (notify) and the
// extra address receive the signed copy; the order records the signed copy with the unsigned manifest's hash and
// the ledger still verifies. Cancelling the pad says "Sign manifests canceled.". Fixtures' own companies and users.
import { mkdirSync } from 'node:fs';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { OrderMessages, Role, SigningMessages as SM, type Order } from '@portal/contracts';
import { test, expect, APP, placeOrder, uploadManifest, type Page } from '@portal/e2e/fixtures';
import { testRoute } from './helpers.ts';

const SHOTS = '/tmp/shots-signing';
mkdirSync(SHOTS, { recursive: true });
const shoot = (page: Page, name: string, fullPage = false) =>
  page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage });

async function manifestPdf(shipper: string, receiver: string): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const page = doc.addPage([612, 792]);
  ['MANIFEST', `Shipper License: ${shipper}`, `Receiver License: ${receiver}`].forEach((l, i) =>
    page.drawText(l, { x: 50, y: 740 - i * 18, size: 12, font }),
  );
  return doc.save();
}

test('the receiver signs the manifest on a phone; the vendor receives the signed copy by mail', async ({
  signedInAs,
  api,
  testData,
  mailbox,
  shot,
}) => {
  const stamp = Date.now();
  const vendorLic = await testData.licence('sgvendor');
  const receiverLic = await testData.licence('sgreceiver');
  const vendorEmail = await testData.signedUpUser(`e2e-sgvendor-${stamp}@test.portal`, vendorLic);
  const receiverEmail = await testData.signedUpUser(`e2e-sgreceiver-${stamp}@test.portal`, receiverLic);
  const copyTo = `e2e-sgcopy-${stamp}@test.portal`;
  await testRoute(await api(Role.Admin));
  const vendorApi = await api(vendorEmail);
  const order = await placeOrder(vendorApi, {
    from: vendorLic,
    to: receiverLic,
    weight: '2',
    invoice: 'E2E-SG-1',
  });
  // the vendor uploads the manifest (the manifests part's call)
  await uploadManifest(vendorApi, order.id, await manifestPdf(vendorLic, receiverLic));

  const page = await signedInAs(receiverEmail);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`${APP}/dashboard/createOrder?id=${order.id}`);
  await page.getByTestId('sign-manifest').click({ timeout: 20_000 });
  const pad = page.getByTestId('sign-manifests');
  await expect(pad).toBeVisible();
  // full screen on the phone; the canvas keeps the spec's 5:1 ratio
  const box = (await pad.boundingBox())!;
  const viewport = await page.evaluate(() => document.documentElement.clientWidth);
  expect(box.width).toBeGreaterThanOrEqual(viewport - 1);
  expect(box.height).toBeGreaterThanOrEqual(800);
  const canvas = page.getByTestId('sign-manifests-canvas');
  const c = (await canvas.boundingBox())!;
  expect(Math.abs(c.width / c.height - 5)).toBeLessThan(0.1);
  expect(c.x + c.width).toBeLessThanOrEqual(390);

  // View Manifest: the manifest being signed, fetched by the app and shown from a blob (never a page of an origin)
  const popup = page.context().waitForEvent('page');
  await page.getByTestId('sign-manifests-view').click();
  await (await popup).waitForURL(/^blob:/);
  // this receiver has no profile signature: the spec's §5 words
  await page.getByTestId('sign-manifests-name').fill('Rita Receiver');
  await page.getByTestId('sign-manifests-mode-profile').click();
  await page.getByTestId('sign-manifests-save').click();
  await expect(page.getByTestId('sign-manifests-error')).toHaveText(
    `${OrderMessages.noSignature} ${OrderMessages.setupSignature}`,
  );
  await page.getByTestId('sign-manifests-mode-draw').click();
  // no printed name: refused in the spec's words, nothing asked
  await page.getByTestId('sign-manifests-name').fill('');
  await page.getByTestId('sign-manifests-save').click();
  await expect(page.getByTestId('sign-manifests-error')).toHaveText(SM.nameRequired);

  await page.getByTestId('sign-manifests-name').fill('Rita Receiver');
  await page.getByTestId('sign-manifests-emails').fill(copyTo);
  await page.getByTestId('sign-manifests-tags').fill('1A4FF0000000022000000123');
  await expect(page.getByTestId('sign-manifests-notify')).toBeChecked();
  // draw a signature with the pointer
  await page.mouse.move(c.x + 20, c.y + c.height * 0.7);
  await page.mouse.down();
  for (const [dx, dy] of [
    [60, 0.2],
    [110, 0.8],
    [170, 0.3],
    [230, 0.75],
    [300, 0.4],
  ] as const)
    await page.mouse.move(c.x + Math.min(dx, c.width - 10), c.y + c.height * dy, { steps: 6 });
  await page.mouse.up();
  await shoot(page, 'pad-drawn-390');

  const since = Date.now();
  await page.getByTestId('sign-manifests-save').click();
  const confirm = page.getByTestId('sign-confirm');
  await expect(confirm).toContainText(SM.disclaimer);
  await shoot(page, 'disclaimer-390');
  await page.getByTestId('sign-confirm-yes').click();
  await expect(page.getByText(SM.signed(1, 1))).toBeVisible({ timeout: 20_000 });
  await expect(pad).toBeHidden();
  await expect(page.getByTestId('sign-manifest-count')).toContainText('Rita Receiver', { timeout: 10_000 });
  await shoot(page, 'signed-390', true);
  await shot(page, 'signing-form');

  // the order: the signed copy tied to the unsigned manifest's hash; the ledger verifies
  const admin = await api(Role.Admin);
  const o = (await admin.call(`/api/orders/${order.id}`)).json.data.order as Order;
  const signed = o.manifest!.signed!;
  expect(signed).toHaveLength(1);
  expect(signed[0]!.unsignedSha256).toBe(o.manifest!.current!.sha256);
  expect(signed[0]!.kind).toBe('customer');
  expect(o.data.order.signature?.customer?.tags).toEqual(['1A4FF0000000022000000123']);
  expect((await admin.call(`/api/orders/${order.id}/history/verify`)).json.ok).toBe(true);

  // the mail: the vendor (notify) and the address typed on the pad get the signed copy
  for (const to of [vendorEmail, copyTo]) {
    const mail = await mailbox.waitForMailTo(to, `Signed manifest for order ${order.orderId}`, {
      since,
      timeoutMs: 60_000,
    });
    expect(mail.text).toContain('signed by the receiver: Rita Receiver');
    expect(mail.text).toContain(`SHA-256 of the signed copy: ${signed[0]!.sha256}`);
    expect(mail.text).toContain(`SHA-256 of the unsigned manifest: ${o.manifest!.current!.sha256}`);
  }
  await mailbox.clear(copyTo);

  // opening the pad again and cancelling: the spec's words, nothing signed
  await page.getByTestId('sign-manifest').click();
  await expect(pad).toBeVisible();
  await page.getByTestId('sign-manifests-cancel').click();
  await expect(page.getByText(SM.canceled)).toBeVisible();
  const again = (await admin.call(`/api/orders/${order.id}`)).json.data.order as Order;
  expect(again.manifest!.signed).toHaveLength(1);
});

test('staff signs as the driver with a typed signature: a delivered order goes back In Transit after the question', async ({
  signedInAs,
  api,
  testData,
}) => {
  const stamp = Date.now();
  const vendorLic = await testData.licence('sgvendor2');
  const receiverLic = await testData.licence('sgreceiver2');
  const vendorEmail = await testData.signedUpUser(`e2e-sgvendor2-${stamp}@test.portal`, vendorLic);
  const receiverEmail = await testData.signedUpUser(`e2e-sgreceiver2-${stamp}@test.portal`, receiverLic);
  const admin = await api(Role.Admin);
  await testRoute(admin);
  const vendorApi = await api(vendorEmail);
  const order = await placeOrder(vendorApi, { from: vendorLic, to: receiverLic, invoice: 'E2E-SG-2' });
  // the vendor uploads the manifest (the manifests part's call)
  await uploadManifest(vendorApi, order.id, await manifestPdf(vendorLic, receiverLic));
  // the receiver signs (API, typed), then staff marks it delivered
  const rec = await (
    await api(receiverEmail)
  ).call('/api/orders/signmanifest', {
    ids: [order.id],
    kind: 'customer',
    name: 'Rita Receiver',
    signature: { typed: 'Rita Receiver' },
  });
  expect(rec.status, JSON.stringify(rec.json)).toBe(200);
  const cur = (await admin.call(`/api/orders/${order.id}`)).json.data.order as Order;
  const done = await admin.call('/api/orders/update', {
    order: { id: order.id, version: cur.version, data: { order: { status: 3 } } },
  });
  expect(done.status, JSON.stringify(done.json)).toBe(200);

  const page = await signedInAs(Role.Admin);
  await page.goto(`${APP}/dashboard/createOrder?id=${order.id}`);
  await page.getByTestId('sign-manifest').click({ timeout: 20_000 });
  await page.getByRole('radio', { name: 'Driver' }).check();
  await page.getByTestId('sign-manifests-name').fill('Dan Driver');
  await page.getByTestId('sign-manifests-notify').uncheck();
  await page.getByTestId('sign-manifests-mode-type').click();
  await page.getByTestId('sign-manifests-typed').fill('Dan Driver');
  await shoot(page, 'pad-typed-desktop');
  await page.getByTestId('sign-manifests-save').click();
  await page.getByTestId('sign-confirm-yes').click(); // the disclaimer
  await expect(page.getByTestId('sign-confirm')).toContainText(SM.backToTransit);
  await shoot(page, 'back-to-transit-question');
  await page.getByTestId('sign-confirm-yes').click();
  await expect(page.getByText(SM.signed(1, 1))).toBeVisible({ timeout: 20_000 });
  const after = (await admin.call(`/api/orders/${order.id}`)).json.data.order as Order;
  expect(after.data.order.status).toBe(2);
  expect(after.manifest!.signed!.map((s) => s.kind)).toEqual(['customer', 'driver']);
  expect(after.data.order.signature?.driver?.name).toBe('Dan Driver');
});

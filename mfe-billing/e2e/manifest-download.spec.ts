// Manifest download (/dashboard/manifestdownload): a vendor with two orders whose manifests are uploaded
// sees both in the table (default range: the last 4 weeks), and "Download zip" saves a zip streamed by the service
// whose two entries are exactly the uploaded PDFs. Fixtures' own companies and users.
import { mkdirSync, readFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import JSZip from 'jszip';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { Role } from '@portal/contracts';
import { test, expect, APP, placeOrder, uploadManifest, type ApiClient } from '@portal/e2e/fixtures';

const SHOTS = '/tmp/shots-manifests';
mkdirSync(SHOTS, { recursive: true });
const sha = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');
const day = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

async function orderWithManifest(client: ApiClient, pickup: string, dest: string, n: number) {
  const order = await placeOrder(client, { from: pickup, to: dest, weight: '1', invoice: `E2E-MD-${n}` });
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage().drawText(`Shipper ${pickup} Receiver ${dest} #${n}`, { x: 40, y: 700, size: 12, font });
  const bytes = Buffer.from(await doc.save());
  await uploadManifest(client, order.id, bytes, `manifest-${n}.pdf`);
  return { order, sha: sha(bytes) };
}

test('a vendor lists its manifests and downloads them as one zip', async ({
  signedInAs,
  api,
  testData,
  shot,
}) => {
  const vendorLic = await testData.licence('mdvendor');
  const receiverLic = await testData.licence('mdreceiver');
  const vendorEmail = await testData.signedUpUser(`e2e-mdvendor-${Date.now()}@test.portal`, vendorLic);
  const admin = await api(Role.Admin);
  const route = await admin.call('/api/routes/create', {
    route: {
      name: `E2E manifests ${Date.now()}`,
      data: {
        startTime: '08:00',
        rows: [
          { city: 'Testville', zipCode: '90001', dayOfTheWeek: 'mon,tue,wed,thur,fri,sat,sun', price: 0 },
        ],
      },
    },
  });
  expect([200, 201]).toContain(route.status);
  try {
    const vendor = await api(vendorEmail);
    const a = await orderWithManifest(vendor, vendorLic, receiverLic, 1);
    const b = await orderWithManifest(vendor, vendorLic, receiverLic, 2);

    const page = await signedInAs(vendorEmail);
    await page.goto(`${APP}/dashboard/manifestdownload`);
    await expect(page.getByTestId('md-from')).toHaveValue(day(-28));
    await expect(page.getByTestId('md-to')).toHaveValue(day(0));
    const rows = page.getByTestId('md-table').locator('tbody tr');
    await expect(rows).toHaveCount(2, { timeout: 20_000 });
    await expect(page.getByTestId('md-summary')).toContainText('2 order(s) with manifests');
    await page.screenshot({ path: `${SHOTS}/download-page.png`, fullPage: true });
    await shot(page, 'manifest-download');

    const download = page.waitForEvent('download');
    await page.getByTestId('md-download').click();
    const file = await (await download).path();
    const zip = await JSZip.loadAsync(readFileSync(file));
    const names = Object.keys(zip.files).sort();
    expect(names).toEqual([`${a.order.orderId}-manifest-1.pdf`, `${b.order.orderId}-manifest-2.pdf`].sort());
    expect(sha(await zip.file(`${a.order.orderId}-manifest-1.pdf`)!.async('uint8array'))).toBe(a.sha);
    expect(sha(await zip.file(`${b.order.orderId}-manifest-2.pdf`)!.async('uint8array'))).toBe(b.sha);
    await expect(page.getByText('2 manifest(s) downloaded.')).toBeVisible();

    // the incoming toggle: the vendor's orders are not incoming to it
    await page.getByTestId('md-incoming').check();
    await expect(page.getByTestId('md-summary')).toContainText('0 order(s)');
  } finally {
    await admin.call('/api/routes/delete', { route: { id: route.json.data.route.id } });
  }
});

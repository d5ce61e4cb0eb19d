// Manifests in the order form: a vendor uploads its order's manifest (PDF made with pdf-lib, the order's
// licences printed on it), sees file, pages and uploader; a manifest showing another licence opens the spec's
// confirm — declining gives "Upload cancelled.", accepting overwrites it and records the mismatch; View Manifest
// opens a short-lived pre-signed URL of exactly those bytes. Fixtures' own companies and users.
import { mkdirSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { OrderMessages as M, Role } from '@portal/contracts';
import { test, expect, APP, placeOrder, type Page } from '@portal/e2e/fixtures';
import { testRoute } from './helpers.ts';

const SHOTS = '/tmp/shots-manifests';
mkdirSync(SHOTS, { recursive: true });

async function manifestFile(name: string, shipper: string, receiver: string, pages: number) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 0; n < pages; n++) {
    const page = doc.addPage([612, 792]);
    const lines = n
      ? [`Page ${n + 1}`]
      : ['MANIFEST', `Shipper License: ${shipper}`, `Receiver License: ${receiver}`];
    lines.forEach((l, i) => page.drawText(l, { x: 50, y: 740 - i * 18, size: 12, font }));
  }
  const bytes = Buffer.from(await doc.save());
  const path = `${SHOTS}/${name}`;
  writeFileSync(path, bytes);
  return { path, sha: createHash('sha256').update(bytes).digest('hex') };
}

const shoot = (page: Page, name: string) => page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });

test('vendor uploads the manifest in the order form, the mismatch confirm (no, then yes), View Manifest', async ({
  signedInAs,
  api,
  testData,
  shot,
}) => {
  const vendorLic = await testData.licence('mfvendor');
  const receiverLic = await testData.licence('mfreceiver');
  const vendorEmail = await testData.signedUpUser(`e2e-mfvendor-${Date.now()}@test.portal`, vendorLic);
  await testRoute(await api(Role.Admin));
  const vendorApi = await api(vendorEmail);
  const order = await placeOrder(vendorApi, {
    from: vendorLic,
    to: receiverLic,
    weight: '2',
    invoice: 'E2E-MF-1',
  });

  const page = await signedInAs(vendorEmail);
  await page.goto(`${APP}/dashboard/createOrder?id=${order.id}`);
  const panel = page.getByTestId('manifest-panel');
  await expect(panel.getByTestId('manifest-none')).toBeVisible({ timeout: 20_000 });

  // a matching manifest
  const good = await manifestFile('good-manifest.pdf', vendorLic, receiverLic, 2);
  await panel.getByTestId('manifest-input').setInputFiles(good.path);
  await expect(page.getByText(M.manifestUploaded)).toBeVisible({ timeout: 30_000 }); // pdf.js on a busy machine
  await expect(panel.getByTestId('manifest-file')).toHaveText('good-manifest.pdf');
  await expect(panel.getByTestId('manifest-pages')).toHaveText('2');
  await expect(panel.getByTestId('manifest-licences')).toHaveText('match the order');
  await shoot(page, 'form-uploaded');

  // another company's licence on it: the confirm; declining changes nothing
  const wrong = await manifestFile('wrong-manifest.pdf', 'OTHER-LIC-1', receiverLic, 1);
  await panel.getByTestId('manifest-input').setInputFiles(wrong.path);
  const confirm = page.getByTestId('manifest-confirm');
  await expect(confirm).toContainText(M.manifestLicencesConfirm, { timeout: 30_000 });
  await shoot(page, 'form-mismatch-confirm');
  await page.getByTestId('manifest-confirm-no').click();
  await expect(page.getByText(M.uploadCancelled)).toBeVisible();
  await expect(panel.getByTestId('manifest-file')).toHaveText('good-manifest.pdf');
  // accepting overwrites and records the mismatch
  await panel.getByTestId('manifest-input').setInputFiles(wrong.path);
  await page.getByTestId('manifest-confirm-yes').click();
  await expect(panel.getByTestId('manifest-file')).toHaveText('wrong-manifest.pdf', { timeout: 30_000 });
  await expect(panel.getByTestId('manifest-licences')).toContainText('do not match');

  // View Manifest: the stored bytes, fetched by the app (the service answers them only as an attachment with a
  // sandbox CSP) and shown from a blob URL in the new tab
  const popup = page.context().waitForEvent('page');
  const streamed = page.waitForResponse((r) => r.url().includes('/manifest?stream=true'));
  await panel.getByTestId('manifest-view').click();
  const tab = await popup;
  await expect.poll(() => tab.url(), { timeout: 15_000 }).toMatch(/^blob:/);
  const answer = await streamed;
  expect(answer.headers()['content-disposition']).toMatch(/^attachment/);
  expect(answer.headers()['content-security-policy']).toMatch(/sandbox/);
  const bytes = await answer.body();
  expect(createHash('sha256').update(bytes).digest('hex')).toBe(wrong.sha);
  await shot(page, 'manifests-form');
  await shoot(page, 'form-final');

  // the ledger has both uploads, the second forced
  const h = await vendorApi.call(`/api/orders/${order.id}/history`);
  const ups = h.json.data.entries.filter((e: { action: string }) => e.action === 'manifest-uploaded');
  expect(ups).toHaveLength(2);
});

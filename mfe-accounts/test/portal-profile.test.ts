// The profile screen in the portal, per role: validation messages, the signature, licences, suspension.
// Setup: test/portal.ts.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Messages } from '@portal/contracts';
import { portalSuite } from './portal.js';
import { profileApi } from './fakes/profile.js';

const s = portalSuite(profileApi);
const { pageErrors, consoleErrors, shot, posts, body, optionsOf, profileAs: as } = s;

test('validation: bad phone, bad billing email and over-long values show the §5 messages and send nothing', async () => {
  const page = await as('user');
  await page.getByTestId('profile-suspended').getByText(Messages.suspended).waitFor();
  const before = posts('/api/users/update').length;
  await page.getByTestId('profile-phone').fill('12-34');
  await page.getByTestId('profile-billing-email').fill('not-an-email');
  await page.getByTestId('profile-company').fill('x'.repeat(101));
  await page.getByTestId('profile-dba').fill('');
  await page.getByTestId('profile-save').click();
  await page.getByTestId('profile-error').getByText(Messages.fixErrors).waitFor();
  await page.getByText(Messages.phoneInvalid.trim()).waitFor();
  await page.getByText(Messages.invalidEmail.trim()).waitFor();
  await page.getByText('Company name is limited to 100 characters.').waitFor();
  await page.getByText('DBA name is required.').waitFor();
  await page.getByTestId('profile-phone').fill('+1 (555) 123-45678901');
  await page.getByTestId('profile-save').click();
  await page.getByText(Messages.phoneInvalid.trim()).waitFor();
  await shot(page, 'profile-errors-1280');
  assert.equal(posts('/api/users/update').length, before, 'no request with errors');
  // A standard user: only their own role, licence number read-only, no tags to add, no admin fields.
  assert.deepEqual(await optionsOf(page, 'profile-role'), ['Standard User']);
  assert.equal(await page.getByTestId('profile-licence').getAttribute('readonly'), '');
  assert.equal(await page.getByTestId('profile-licences-input').count(), 0);
  assert.equal(await page.getByTestId('profile-public-link').count(), 0);
  assert.equal(await page.getByTestId('profile-signature').count(), 0, 'no signature pad for role 4');
  await page.close();
});

test('a driver sees no billing or licence fields; the signature pad draws, and the typed name becomes an image', async () => {
  const page = await as('driver');
  for (const id of [
    'profile-billing-name',
    'profile-billing-email',
    'profile-billing-address',
    'profile-licence',
    'profile-licences',
  ]) {
    assert.equal(await page.getByTestId(id).count(), 0, `${id} hidden for drivers`);
  }
  const t0 = Date.now();
  await page.getByTestId('profile-signature-open').click();
  await page.getByTestId('profile-signature-canvas').waitFor();
  assert.ok(Date.now() - t0 >= 250, 'the dialog opens after 250 ms');
  const canvas = page.getByTestId('profile-signature-canvas');
  assert.deepEqual(await canvas.evaluate((c: HTMLCanvasElement) => [c.width, c.height]), [600, 120]);
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + 40, box.y + 60);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 40 + i * 30, box.y + 60 + (i % 2 ? 25 : -25));
  await page.mouse.up();
  const inked = await canvas.evaluate((c: HTMLCanvasElement) =>
    c
      .getContext('2d')!
      .getImageData(0, 0, c.width, c.height)
      .data.some((v, i) => i % 4 === 3 && v > 0),
  );
  assert.ok(inked, 'strokes drawn');
  await shot(page, 'signature-dialog-1280');
  await page.getByTestId('profile-signature-save').click();
  await page.getByTestId('profile-signature-image').waitFor();
  const drawn = body(posts('/api/utils/uploadfile').at(-1)!);
  assert.equal(drawn.kind, 'signature');
  assert.match(drawn.file, /^data:image\/png;base64,/);

  // Empty pad: the typed name is rendered as a text signature.
  await page.getByTestId('profile-signature-open').click();
  await page.getByTestId('profile-signature-clear').click();
  await page.getByTestId('profile-signature-name').fill('Dan Driver');
  const uploads = posts('/api/utils/uploadfile').length;
  await page.getByTestId('profile-signature-save').click();
  await page.getByTestId('profile-signature-canvas').waitFor({ state: 'detached' });
  // The dialog closes before the upload is sent: wait for the request itself, not for the dialog.
  for (let i = 0; i < 100 && posts('/api/utils/uploadfile').length === uploads; i++)
    await page.waitForTimeout(50);
  assert.ok(posts('/api/utils/uploadfile').length > uploads, 'the typed signature was uploaded');
  const typed = body(posts('/api/utils/uploadfile').at(-1)!);
  assert.match(typed.file, /^data:image\/png;base64,/);
  assert.notEqual(typed.file, drawn.file);
  await page.getByTestId('profile-signature-image').waitFor();
  await shot(page, 'signature-typed-1280');
  const hasInk = await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await img.decode();
    const c = document.createElement('canvas');
    c.width = img.width;
    c.height = img.height;
    const ctx = c.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    return [
      img.width,
      img.height,
      ctx.getImageData(0, 0, c.width, c.height).data.filter((v, i) => i % 4 === 3 && v > 0).length,
    ];
  }, typed.file as string);
  assert.deepEqual(hasInk.slice(0, 2), [600, 120]);
  assert.ok(hasInk[2]! > 200, 'the typed name left ink on the image');

  // Keyboard: Enter opens the pad, the name field has focus, Escape closes and focus returns to the button.
  await page.getByTestId('profile-signature-open').focus();
  await page.keyboard.press('Enter');
  await page.getByTestId('profile-signature-name').waitFor();
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
    'profile-signature-name',
  );
  await page.keyboard.press('Escape');
  await page.getByTestId('profile-signature-dialog').waitFor({ state: 'detached' });
  assert.equal(
    await page.evaluate(() => document.activeElement?.getAttribute('data-testid')),
    'profile-signature-open',
  );

  await page.getByTestId('profile-save').click();
  await page.getByTestId('toast').getByText(Messages.profileUpdated).waitFor();
  const saved = body(posts('/api/users/update').at(-1)!).user;
  assert.equal(saved.signature.name, 'Dan Driver');
  assert.equal(saved.company.billingContactName, undefined, 'drivers send no billing fields');
  await page.close();
});

test('accounts §5 phone rule: the spec shape accepted, posted as E.164, a stored number shown in national format', async () => {
  const page = await as('driver');
  // stored as 555-123-4567: shown the one way the portal formats North American numbers
  assert.equal(await page.getByTestId('profile-phone').inputValue(), '(555) 123-4567');
  // 17 characters: over the spec's 16, refused in the browser as on the server (contracts parsePhone)
  const before = posts('/api/users/update').length;
  await page.getByTestId('profile-phone').fill('+1 (760) 555-0100');
  await page.getByTestId('profile-save').click();
  await page.getByText(Messages.phoneInvalid.trim()).waitFor();
  assert.equal(posts('/api/users/update').length, before, 'nothing sent');
  for (const [typed, e164] of [
    ['(760) 555-0100', '+17605550100'],
    ['+1 555 123 4567', '+15551234567'],
    ['123-456-7890', '123-456-7890'],
  ]) {
    await page.getByTestId('profile-phone').fill(typed);
    const sent = posts('/api/users/update').length;
    await page.getByTestId('profile-save').click();
    // this save's own post (the last save's toast may still be on screen, so a toast proves nothing)
    for (let i = 0; i < 100 && posts('/api/users/update').length === sent; i++) await page.waitForTimeout(50);
    assert.equal(posts('/api/users/update').length, sent + 1, `${typed}: one post`);
    assert.equal(body(posts('/api/users/update').at(-1)!).user.company.phone, e164, typed);
  }
  await page.close();
});

test('a long email wraps at @ and dots, never mid-word, and keeps the whole address as its title', async () => {
  const page = await as('admin');
  const el = page.getByTestId('profile-email');
  const email = (await el.getAttribute('title'))!;
  assert.ok(email.includes('@'));
  // Narrow the line until the address must wrap, then read where each line starts (what the user sees).
  const starts = await el.evaluate((node: HTMLElement) => {
    node.style.display = 'inline-block';
    node.style.width = '7ch';
    const text = node.textContent ?? '';
    const firsts: number[] = [];
    let offset = 0;
    let lastTop = -1;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (let i = 0; i < (n.textContent ?? '').length; i++) {
        const r = document.createRange();
        r.setStart(n, i);
        r.setEnd(n, i + 1);
        const top = Math.round(r.getBoundingClientRect().top);
        if (top > lastTop + 2) firsts.push(offset + i);
        lastTop = Math.max(lastTop, top);
      }
      offset += (n.textContent ?? '').length;
    }
    return { text, firsts };
  });
  assert.equal(starts.text, email);
  assert.ok(starts.firsts.length > 1, 'it wraps');
  for (const i of starts.firsts.slice(1))
    assert.ok(email[i] === '.' || email[i - 1] === '@', `line starts at "${email.slice(i)}"`);
  await page.close();
});

test('no uncaught errors or console errors in the page', () => {
  assert.deepEqual(pageErrors, []);
  assert.deepEqual(consoleErrors, []);
});

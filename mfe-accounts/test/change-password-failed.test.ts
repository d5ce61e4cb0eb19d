// Change Password (accounts §8): a refusal other than the wrong current password shows
// 'Change Password Failed: {server text}'; the wrong current password keeps its own words.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Messages, Role } from '@portal/contracts';
import { mountComponent, type Answer, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const REFUSAL = 'The sign-in service is unreachable';
let answer: Answer = [502, { message: REFUSAL }];

let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/ChangePassword.tsx'), exportName: 'ChangePassword' },
    { 'POST /api/auth/changepassword': () => answer },
  );
});
after(() => ui?.close());

test('a refused change: "Change Password Failed: …"; a wrong current password: its own message', async () => {
  const page = await ui.open({
    path: '/dashboard/changePassword',
    user: { email: 'ada@x.example', role: Role.User },
  });
  await page.getByTestId('changepw-current').fill('Portal!2345');
  await page.getByTestId('changepw-new').fill('Longer123');
  await page.getByTestId('changepw-confirm').fill('Longer123');
  await page.getByTestId('changepw-submit').click();
  const alert = page.getByTestId('changepw-error');
  await alert.getByText(Messages.changePasswordFailed(REFUSAL)).waitFor();
  assert.equal(Messages.changePasswordFailed(REFUSAL), `Change Password Failed: ${REFUSAL}`);

  answer = [400, { message: 'Current Password entered is incorrect.' }];
  await page.getByTestId('changepw-submit').click();
  await alert.getByText(Messages.currentPasswordIncorrect).waitFor();
  await page.close();
});

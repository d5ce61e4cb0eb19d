// Delete Account (accounts §8): the service's refusal ('Failed to delete user: {reason}', services/accounts
// user-admin) is shown inside the screen's 'Error deleting user: {message}!', and the account stays signed in.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Messages, Role } from '@portal/contracts';
import { mountComponent, type Mounted } from '@portal/ui/testing';

const mfe = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const serverText = Messages.deleteUserFailed('Keycloak is unreachable');

let ui: Mounted;
before(async () => {
  ui = await mountComponent(
    { module: path.join(mfe, 'src/pages/DeleteAccount.tsx'), exportName: 'DeleteAccount' },
    { 'POST /api/users/delete': () => [502, { message: serverText }] },
  );
});
after(() => ui?.close());

test("a refused delete: 'Error deleting user: Failed to delete user: …!'", async () => {
  const page = await ui.open({
    path: '/dashboard/deleteAccount',
    user: { email: 'ada@x.example', role: Role.User },
  });
  await page.getByTestId('delete-understood').check();
  await page.getByTestId('delete-submit').click();
  await page.getByTestId('delete-confirm').click();
  const alert = page.getByTestId('delete-error');
  await alert.getByText(Messages.deleteUserError(serverText)).waitFor();
  assert.equal(
    Messages.deleteUserError(serverText),
    'Error deleting user: Failed to delete user: Keycloak is unreachable!',
  );
  assert.ok(ui.calls.some((c) => c.call === 'POST /api/users/delete'));
  await page.close();
});

import { AccountForm } from './profile/AccountForm.js';

/** Create New Account (/dashboard/admin, staff; accounts §2): the one account form, empty, with an Email field. */
export function CreateAccount() {
  return <AccountForm mode="create" />;
}

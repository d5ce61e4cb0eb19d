import { useQuery } from '@portal/ui';
import { AccountForm } from './profile/AccountForm.js';

/** Edit Account / Account Details (?email=, accounts §2): the one account form for another user, with Attached Accounts. */
export function EditAccount() {
  const email = useQuery().get('email') ?? undefined;
  return <AccountForm key={email} mode="edit" email={email} />;
}

import { AccountForm } from './profile/AccountForm.js';

/** The signed-in user's profile (accounts §2): the one account form for GET /api/users/me. */
export function Profile() {
  return <AccountForm mode="profile" />;
}

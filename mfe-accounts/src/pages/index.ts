import type { ComponentType } from 'react';
import { emptyScreen } from '@portal/ui';
import { Login } from './Login.js';
import { Profile } from './Profile.js';
import { Accounts } from './Accounts.js';
import { SignUp } from './SignUp.js';
import { SignMeUp } from './SignMeUp.js';
import { Verify } from './Verify.js';
import { ForgotPassword } from './ForgotPassword.js';
import { ForgotPasswordSubmit } from './ForgotPasswordSubmit.js';
import { ChangeEmail } from './ChangeEmail.js';
import { ChangePassword } from './ChangePassword.js';
import { DeleteAccount } from './DeleteAccount.js';
import './accounts.css';

/** The routes mfe-accounts owns: its menu entries in @portal/contracts, its public routes and account screens. */
export const PAGES: Record<string, ComponentType> = {
  '/login': Login,
  '/dashboard/profile': Profile,
  '/dashboard/accounts': Accounts,
  '/signup': SignUp,
  '/signMeUp': SignMeUp,
  '/verify': Verify,
  '/forgotPassword': ForgotPassword,
  '/forgotPasswordSubmit': ForgotPasswordSubmit,
  '/validateUser': emptyScreen('Validate User', "Staff open a new user's account here to review and verify it. There is no account selected for review."),
  '/dashboard/invite': emptyScreen('Invite Users', 'Invite people to join your company by email and follow their invitation status. There are no invitations to show yet.'),
  '/dashboard/lnupdate': emptyScreen('License Update', 'The licence records the portal knows: number, name, DBA, address and receiving windows. There are no licence records to show yet.'),
  '/dashboard/settings': emptyScreen('Settings', "The portal's configuration values, for super admins. There are no settings to show yet."),
  '/dashboard/editAccount': emptyScreen('Edit Account', "Change an account's company, contacts, licences and role. No account is open for editing."),
  '/dashboard/accountDetails': emptyScreen('Account Details', "An account's details and the users attached to the same licences. No account is selected."),
  '/dashboard/admin': emptyScreen('Create New Account', 'Staff create an account for a company here. There is nothing to fill in on this screen yet.'),
  '/dashboard/changeEmail': ChangeEmail,
  '/dashboard/changePassword': ChangePassword,
  '/dashboard/deleteaccount': DeleteAccount,
};

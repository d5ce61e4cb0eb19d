import type { ComponentType } from 'react';
import { emptyScreen } from '@portal/ui';
import { Login } from './Login.js';
import { Profile } from './Profile.js';
import { Accounts } from './Accounts.js';
import { Invite } from './Invite.js';
import { LnUpdate } from './LnUpdate.js';
import { Settings } from './Settings.js';
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
  '/dashboard/invite': Invite,
  '/dashboard/lnupdate': LnUpdate,
  '/dashboard/settings': Settings,
  '/dashboard/editAccount': emptyScreen('Edit Account', "Change an account's company, contacts, licences and role. No account is open for editing."),
  '/dashboard/accountDetails': emptyScreen('Account Details', "An account's details and the users attached to the same licences. No account is selected."),
  '/dashboard/admin': emptyScreen('Create New Account', 'Staff create an account for a company here. There is nothing to fill in on this screen yet.'),
  '/dashboard/changeEmail': ChangeEmail,
  '/dashboard/changePassword': ChangePassword,
  '/dashboard/deleteaccount': DeleteAccount,
};

import type { ComponentType } from 'react';
import { emptyScreen } from '@portal/ui';
import { Login } from './Login.js';
import { Profile } from './Profile.js';
import { Accounts } from './Accounts.js';
import { Invite } from './Invite.js';
import { LnUpdate } from './LnUpdate.js';
import { Settings } from './Settings.js';
import './accounts.css';

/** The routes mfe-accounts owns: its menu entries in @portal/contracts, its public routes and account screens. */
export const PAGES: Record<string, ComponentType> = {
  '/login': Login,
  '/dashboard/profile': Profile,
  '/dashboard/accounts': Accounts,
  '/signup': emptyScreen('Sign Up', 'Create an account with your email and licence number, then verify your email and fill in your profile. There is nothing to fill in on this screen yet; ask your administrator for an invitation in the meantime.'),
  '/signMeUp': emptyScreen('Sign Up', 'Accept an invitation: your email is filled in from the invitation link. There is nothing to fill in on this screen yet.'),
  '/verify': emptyScreen('Verify Email', 'Enter the pin sent to your email after signing up. There is no pending verification to show yet.'),
  '/forgotPassword': emptyScreen('Forgot Password', 'Request a reset code by email, then choose a new password. There is nothing to fill in on this screen yet; contact support to reset your password.'),
  '/forgotPasswordSubmit': emptyScreen('Reset Password', 'Enter the reset code from your email and a new password. There is no reset request to complete yet.'),
  '/validateUser': emptyScreen('Validate User', "Staff open a new user's account here to review and verify it. There is no account selected for review."),
  '/dashboard/invite': Invite,
  '/dashboard/lnupdate': LnUpdate,
  '/dashboard/settings': Settings,
  '/dashboard/editAccount': emptyScreen('Edit Account', "Change an account's company, contacts, licences and role. No account is open for editing."),
  '/dashboard/accountDetails': emptyScreen('Account Details', "An account's details and the users attached to the same licences. No account is selected."),
  '/dashboard/admin': emptyScreen('Create New Account', 'Staff create an account for a company here. There is nothing to fill in on this screen yet.'),
  '/dashboard/changeEmail': emptyScreen('Change Email', 'Change the email you sign in with: a pin goes to the new address to confirm it. There is nothing to fill in on this screen yet.'),
  '/dashboard/changePassword': emptyScreen('Change Password', 'Change your password by entering the current one and the new one twice. There is nothing to fill in on this screen yet.'),
  '/dashboard/deleteaccount': emptyScreen('Delete Account', 'Remove your account from the portal. There is nothing to confirm on this screen yet; contact support to delete your account.'),
};

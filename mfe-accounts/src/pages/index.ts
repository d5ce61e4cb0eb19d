import type { ComponentType } from 'react';
import { Login } from './Login.js';
import { Profile } from './Profile.js';
import { Accounts } from './Accounts.js';
import { Invite } from './Invite.js';
import { LnUpdate } from './LnUpdate.js';
import { Settings } from './Settings.js';
import { EditAccount } from './EditAccount.js';
import { CreateAccount } from './CreateAccount.js';
import { ValidateUser } from './ValidateUser.js';
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
  '/validateUser': ValidateUser,
  '/dashboard/invite': Invite,
  '/dashboard/lnupdate': LnUpdate,
  '/dashboard/settings': Settings,
  '/dashboard/editAccount': EditAccount,
  '/dashboard/accountDetails': EditAccount,
  '/dashboard/admin': CreateAccount,
  '/dashboard/changeEmail': ChangeEmail,
  '/dashboard/changePassword': ChangePassword,
  '/dashboard/deleteaccount': DeleteAccount,
};

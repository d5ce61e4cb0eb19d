import type { ComponentType } from 'react';
import { lazyPage } from '@portal/ui';

// One chunk per screen, fetched on first visit: /login loads only the login form (the browser budget).
const Login = lazyPage(
  () => import('./Login.js'),
  (m) => m.Login,
);
const Profile = lazyPage(
  () => import('./Profile.js'),
  (m) => m.Profile,
);
const Accounts = lazyPage(
  () => import('./Accounts.js'),
  (m) => m.Accounts,
);
const Invite = lazyPage(
  () => import('./Invite.js'),
  (m) => m.Invite,
);
const LnUpdate = lazyPage(
  () => import('./LnUpdate.js'),
  (m) => m.LnUpdate,
);
const Settings = lazyPage(
  () => import('./Settings.js'),
  (m) => m.Settings,
);
const EditAccount = lazyPage(
  () => import('./EditAccount.js'),
  (m) => m.EditAccount,
);
const CreateAccount = lazyPage(
  () => import('./CreateAccount.js'),
  (m) => m.CreateAccount,
);
const ValidateUser = lazyPage(
  () => import('./ValidateUser.js'),
  (m) => m.ValidateUser,
);
const SignUp = lazyPage(
  () => import('./SignUp.js'),
  (m) => m.SignUp,
);
const SignMeUp = lazyPage(
  () => import('./SignMeUp.js'),
  (m) => m.SignMeUp,
);
const Verify = lazyPage(
  () => import('./Verify.js'),
  (m) => m.Verify,
);
const ForgotPassword = lazyPage(
  () => import('./ForgotPassword.js'),
  (m) => m.ForgotPassword,
);
const ForgotPasswordSubmit = lazyPage(
  () => import('./ForgotPasswordSubmit.js'),
  (m) => m.ForgotPasswordSubmit,
);
const ChangeEmail = lazyPage(
  () => import('./ChangeEmail.js'),
  (m) => m.ChangeEmail,
);
const ChangePassword = lazyPage(
  () => import('./ChangePassword.js'),
  (m) => m.ChangePassword,
);
const DeleteAccount = lazyPage(
  () => import('./DeleteAccount.js'),
  (m) => m.DeleteAccount,
);
const FailedMail = lazyPage(
  () => import('./FailedMail.js'),
  (m) => m.FailedMail,
);

/** The screen for each path of src/manifest.ts (test/manifest.test.ts checks both ways). */
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
  '/dashboard/failedmail': FailedMail,
};

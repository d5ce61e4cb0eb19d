import { INVITER_ROLES, Role, STAFF_ROLES } from '@portal/contracts';
import { defineMfe } from '@portal/ui';

/**
 * What mfe-accounts owns (accounts §1, §2): its public routes, its menu entries and the account screens reached by
 * link. The shell reads this at run time and names none of these pages; `pages/index.ts` maps each path to its
 * lazy screen (test/manifest.test.ts keeps the two in step). Menu `order` leaves gaps of 10 so another domain can
 * slot an entry between two of ours without renumbering (the spec's user and admin menus, in its order).
 */
const manifest = defineMfe({
  name: 'accounts',
  pages: [
    // Signed out (accounts §1).
    { path: '/login', title: 'Sign In', public: true },
    { path: '/signup', title: 'Sign Up', public: true },
    { path: '/signMeUp', title: 'Sign Up', public: true },
    { path: '/verify', title: 'Verify Email', public: true },
    { path: '/forgotPassword', title: 'Forgot Password', public: true },
    { path: '/forgotPasswordSubmit', title: 'Reset Password', public: true },
    { path: '/validateUser', title: 'Validate User', public: true },
    // User menu (accounts §2).
    {
      path: '/dashboard/profile',
      title: 'Profile',
      // open before staff verify the account (the sign-up's last step); the shell shows it with a banner
      underReview: true,
      menu: { section: 'user', key: 'profile', label: 'Profile', order: 10 },
    },
    {
      path: '/dashboard/invite',
      title: 'Invite Users',
      allowed: INVITER_ROLES,
      menu: { section: 'user', key: 'invite', label: 'Invite Users', order: 20 },
    },
    // Admin menu (accounts §2): staff; settings for the superadmin only.
    {
      path: '/dashboard/accounts',
      title: 'Accounts',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'accounts', label: 'Accounts', order: 10 },
    },
    {
      path: '/dashboard/lnupdate',
      title: 'License Update',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'lnupdate', label: 'License Update', order: 100 },
    },
    {
      path: '/dashboard/settings',
      title: 'Settings',
      allowed: [Role.SuperAdmin],
      menu: { section: 'admin', key: 'settings', label: 'Settings', order: 120 },
    },
    // Mail the notifications service parked after its retries; staff resend it (README: why here).
    {
      path: '/dashboard/failedmail',
      title: 'Undelivered Mail',
      allowed: STAFF_ROLES,
      menu: { section: 'admin', key: 'failedmail', label: 'Undelivered Mail', order: 130 },
    },
    // Other dashboard routes (accounts §2): reached by link, in no menu.
    { path: '/dashboard/admin', title: 'Create New Account' },
    { path: '/dashboard/editAccount', title: 'Edit Account' },
    { path: '/dashboard/accountDetails', title: 'Account Details' },
    { path: '/dashboard/changeEmail', title: 'Change Email', underReview: true },
    { path: '/dashboard/changePassword', title: 'Change Password', underReview: true },
    { path: '/dashboard/deleteaccount', title: 'Delete Account' },
  ],
  // The pending-invites modal after sign-in (accounts §2) belongs to no page: the shell renders it on all of them.
  overlays: ['./InvitesModal'],
});

export default manifest;

// Sign-up, verify, forgot/reset, change email/password, delete (test/portal-auth.test.ts, portal-account.test.ts): the accounts `auth`
// answers plus the public licence search, in front of the common layer.
import { AuthMessages } from '@portal/contracts';
import { fake, type Route, FAKE_PASSWORDS, USERS, baseRoutes } from '@portal/ui/testing/portal';

export const AUTH_FAKE = {
  pin: '123456',
  resetCode: '654321',
  emailPin: '111111',
  takenEmail: 'taken@example.test',
  closedLicence: 'C10-0000007',
  tosLink: 'https://example.test/terms',
};
/** 150 licence records, more than the picker may list (it shows at most 100). */
export const LICENCES = Array.from({ length: 150 }, (_, i) => ({
  'License #': `C10-${String(i).padStart(7, '0')}`,
  Licensee: `Green Shop ${i} LLC`,
  DBA: `Shop ${i}`,
  City: ['Newark', 'Trenton', 'Camden'][i % 3]!,
}));
const INVITED = 'invited@example.test';
// The invited user's own password on (the fake) Keycloak's sign-in page.
FAKE_PASSWORDS.set(INVITED, 'Secret123');
/** Profiles of the accounts this fake knows besides the common ones: the invited user and every verified sign-up. */
const PROFILES = new Map<string, object>([[INVITED, { id: 'i1', email: INVITED, role: 4, verified: false }]]);

/** Public routes: sign-up, verify, codes, the licence search. */
const publicAuth = (): Route => (c) => {
  const { path, input } = c;
  switch (path) {
    case '/api/utils/config':
      return c.reply(200, { data: { logoType: 'nj', 'account.toslink': AUTH_FAKE.tosLink } });
    case '/api/license/licensenumbers': {
      const q = (c.query.get('search') ?? '').toLowerCase();
      // Ignores ?limit on purpose: the picker itself must cap the list.
      const licensenumbers = LICENCES.filter((l) =>
        `${l['License #']} ${l.Licensee}`.toLowerCase().includes(q),
      );
      return c.reply(200, { data: { licensenumbers } });
    }
    case '/api/auth/inviteLink':
      return c.reply(200, { message: AuthMessages.inviteLinkSent });
    case '/api/auth/signUp':
      if (input.email === AUTH_FAKE.takenEmail)
        return c.fail(400, 'This email already exists. Please create account with a different email.');
      if (input.data?.company?.['License #'] === AUTH_FAKE.closedLicence)
        return c.fail(400, 'Please contact your admin to be invited to this Company');
      return c.reply(201, {
        message: `A verification code has been sent to ${input.email}`,
        email: input.email,
      });
    case '/api/auth/verify': {
      if (input.pin !== AUTH_FAKE.pin) return c.fail(400, 'Invalid verification code');
      const user = {
        id: 'n1',
        email: input.email,
        role: 4,
        verified: false,
        name: { firstName: 'New', lastName: 'Person' },
      };
      PROFILES.set(input.email, user);
      return c.reply(200, { message: 'Your email has been verified. Please sign in.', user });
    }
    case '/api/auth/sendValidation':
      return c.reply(200, { message: `A new code has been sent to ${input.email}` });
    case '/api/auth/forgotPassword':
      // The same answer for every address: it must not tell which emails have an account.
      return c.reply(200, { emailSent: true, message: 'An email has been sent with your Password' });
    case '/api/auth/forgotPasswordSubmit':
      return input.code === AUTH_FAKE.resetCode
        ? c.reply(200, { message: 'Password updated successfully!' })
        : c.fail(400, 'Invalid code provided, please request a code again.');
  }
  return undefined;
};

/** Signed-in account changes: password, email, deletion (the first delete fails to show its message). */
function accountAuth(): Route {
  let deletes = 0;
  return (c) => {
    const { path, input } = c;
    const mine = c.who ? PROFILES.get(c.who) : undefined;
    if (path === '/api/users/me' && mine) return c.reply(200, { user: mine });
    if (path === '/api/users/invites' && mine) return c.reply(200, { data: { invites: [] } });
    if (!/^\/api\/(auth\/(changepassword|changeEmail|updateMyEmail)|users\/delete)$/.test(path))
      return undefined;
    if (!c.signedIn) return c.fail(401, 'Unauthorized');
    switch (path) {
      case '/api/auth/changepassword':
        return input.oldPassword === 'Portal!2345'
          ? c.reply(200, { message: 'Password updated successfully!' })
          : c.fail(400, 'Current Password entered is incorrect.');
      case '/api/auth/changeEmail':
        return c.reply(200, { message: `A code has been sent to ${input.email}` });
      case '/api/auth/updateMyEmail':
        return input.pin === AUTH_FAKE.emailPin
          ? c.reply(200, {
              user: { ...USERS[0], email: input.email },
              message: 'Email updated successfully!',
            })
          : c.fail(400, 'Invalid verification code');
      default:
        return ++deletes > 1 ? c.reply(200, { message: 'User deleted' }) : c.fail(403, 'user is protected');
    }
  };
}

export const fakeAuthApi = (calls: string[]) => fake(calls, publicAuth(), accountAuth(), baseRoutes());

import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { AuthMessages, Messages } from '@portal/contracts';
import { resetRequested } from '../events/publishes.js';
import { Problem } from '@portal/service-kit';
import { Email, problems } from '../schemas.js';
import {
  InvalidCredentials,
  PasswordRejected,
  endSession,
  findUserByEmail,
  passwordGrant,
  setPassword,
} from '../lib/keycloak.js';
import { endAllSessions } from '../lib/sessions.js';
import { ensureProfile } from '../lib/profiles.js';
import { User } from '../models/user.js';
import { PIN_MAX_ATTEMPTS, PIN_TTL_MS, consumePin } from '../models/pin.js';

/**
 * Reset-code guesses (issue 8, "anyone can lock someone else's password reset"): each client address gets
 * PIN_MAX_ATTEMPTS wrong tries per account and code lifetime, so a stranger's guesses never use up the owner's;
 * the code itself takes RESET_MAX_ATTEMPTS tries from all addresses together (10 addresses' worth: 50 guesses of a
 * 6-digit code, a 1 in 20,000 chance), and the 5-codes-in-a-row limit keeps the newest mailed code valid.
 */
const RESET_MAX_ATTEMPTS = 50;
const bodyEmail = (r: { body?: unknown }) => (r.body as { email?: string } | undefined)?.email;
import { Code, Message, NewPassword, PolicyPassword, issueCode, kcOf, normEmail } from './auth-common.js';

/** Forgot/reset password (public) and change password (signed in, own account). */
export const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const kc = kcOf(app);

  app.post(
    '/auth/forgotPassword',
    {
      config: { public: true, rateLimitBy: bodyEmail },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: Email }),
        response: {
          200: Type.Object({ emailSent: Type.Boolean(), message: Type.String() }),
          ...problems(400, 404, 429),
        },
      },
    },
    async (request) => {
      const email = normEmail(request.body.email);
      const kcUser = await findUserByEmail(kc, email);
      if (!kcUser) throw new Problem(404, Messages.forgotUnknownUser);
      const profile = await ensureProfile({ sub: kcUser.id, email });
      const { pin: code, expiresAt } = await issueCode('reset', email, email);
      await User.updateOneWithEvents({ _id: profile._id }, {}, [resetRequested(email, code, expiresAt)]);
      return { emailSent: true, message: Messages.forgotSent };
    },
  );

  app.post(
    '/auth/forgotPasswordSubmit',
    {
      config: { public: true, rateLimitBy: bodyEmail },
      schema: {
        tags: ['auth'],
        body: Type.Object({ email: Email, code: Code, password: PolicyPassword }),
        response: { 200: Message, ...problems(400, 429) },
      },
    },
    async (request) => {
      const email = normEmail(request.body.email);
      const tries = `portal:reset-try:${email}:${request.ip}`;
      const mine = await app.redis
        .multi()
        .incr(tries)
        .pexpire(tries, PIN_TTL_MS)
        .exec()
        .then((r) => Number(r?.[0]?.[1] ?? 0))
        .catch(() => 0); // Redis down: the code's own overall limit still applies
      if (mine > PIN_MAX_ATTEMPTS) throw new Problem(400, AuthMessages.invalidPin);
      const used = await consumePin('reset', email, request.body.code, email, RESET_MAX_ATTEMPTS);
      if (!used) throw new Problem(400, AuthMessages.invalidPin);
      await app.redis.del(tries).catch(() => undefined);
      const kcUser = await findUserByEmail(kc, email);
      if (!kcUser) throw new Problem(400, AuthMessages.invalidPin);
      try {
        await setPassword(kc, kcUser.id, request.body.password);
      } catch (err) {
        if (err instanceof PasswordRejected) throw new Problem(400, err.message);
        throw err;
      }
      await endAllSessions(app, kcUser.id); // whoever knew the old password is signed out
      return { message: Messages.passwordUpdated };
    },
  );

  app.post(
    '/auth/changepassword',
    {
      config: { allowSuspended: true },
      schema: {
        tags: ['auth'],
        body: Type.Object({
          user: Email,
          oldPassword: Type.String({ minLength: 1, maxLength: 100, errorMessage: Messages.passwordRequired }),
          newPassword: NewPassword,
        }),
        response: { 200: Message, ...problems(400, 401, 403) },
      },
    },
    async (request) => {
      const me = request.user;
      const email = normEmail(request.body.user);
      if (!me.email || normEmail(me.email) !== email) throw new Problem(403, Messages.forbidden);
      let check;
      try {
        check = await passwordGrant(kc, email, request.body.oldPassword);
      } catch (err) {
        if (err instanceof InvalidCredentials) throw new Problem(400, Messages.currentPasswordIncorrect);
        throw err;
      }
      void endSession(kc, check.refreshToken); // the check's own session is not needed
      try {
        await setPassword(kc, me.sub, request.body.newPassword);
      } catch (err) {
        if (err instanceof PasswordRejected) throw new Problem(400, err.message);
        throw err;
      }
      // Every session ends, this one too: tokens issued before now are refused by every service.
      await endAllSessions(app, me.sub);
      return { message: Messages.passwordUpdated };
    },
  );
};

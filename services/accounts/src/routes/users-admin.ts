import type { FastifyPluginAsyncTypebox, OutboxMethods } from '@portal/service-kit';
import { Type } from 'typebox';
import { INVITER_ROLES, Messages, canAssignRole, isValidEmail, type RoleNumber } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Alerts, Company, Message, Name, Profile, problems } from '../schemas.js';
import { User, toProfile, type UserDoc } from '../models/user.js';
import { Tombstone } from '../models/tombstone.js';
import { issuePin } from '../models/pin.js';
import { profileError } from '../lib/profiles.js';
import { resetRequested, userCreated, userDeleted } from '../events/publishes.js';
import { callerProfile, isStaff } from './users.js';
import { KeycloakError, createKcUser, deleteKcUser, findKcUserId } from './users-kc.js';

const NewUser = Type.Object({
  email: Type.String({ maxLength: 200 }),
  name: Type.Optional(Name),
  role: Type.Optional(Type.Integer({ minimum: 0, maximum: 4 })),
  alerts: Type.Optional(Alerts),
  company: Type.Optional(Company),
  sameDayPickup: Type.Optional(Type.Boolean()),
});

/** Create an account (staff; a company admin for their own company) and delete one (staff, or yourself). */
export const usersAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/users/create',
    {
      config: { roles: INVITER_ROLES },
      schema: {
        tags: ['users'],
        body: Type.Object({ user: NewUser }),
        response: {
          201: Type.Object({ user: Profile, message: Type.String() }),
          ...problems(400, 401, 403, 502),
        },
      },
    },
    async (request, reply) => {
      const caller = request.user!;
      const callerRole = (caller.role ?? 4) as RoleNumber;
      const input = request.body.user;
      const email = input.email.trim().toLowerCase();
      if (!isValidEmail(email)) throw new Problem(400, Messages.invalidEmail);
      if (email.length > 60) throw new Problem(400, Messages.emailTooLong);
      const role = (input.role ?? 4) as RoleNumber;
      if (!canAssignRole(callerRole, role)) throw new Problem(403, Messages.forbidden);
      if (!isStaff(callerRole) && input.sameDayPickup !== undefined)
        throw new Problem(403, Messages.forbidden);
      let company = input.company;
      if (!isStaff(callerRole)) {
        // A company admin creates users of their own company only: the company is theirs, whatever was sent.
        const me = await callerProfile(caller);
        if (!me.company?.['License #']) throw new Problem(403, Messages.forbidden);
        company = {
          ...(me.company as object),
          ...(input.company ?? {}),
          'License #': me.company['License #'],
          licenseNumbers: me.company.licenseNumbers ?? [me.company['License #']],
        };
      }
      const err = profileError({ name: input.name, company: input.company }, role, false);
      if (err) throw new Problem(400, err);
      if ((await User.exists({ email })) || (await findKcUserId(app.env, email))) {
        throw new Problem(400, Messages.emailExists);
      }

      let sub: string;
      try {
        sub = await createKcUser(app.env, {
          email,
          firstName: input.name?.firstName,
          lastName: input.name?.lastName,
          role,
        });
      } catch (e) {
        if (e instanceof KeycloakError && e.status === 409) throw new Problem(400, Messages.emailExists);
        throw new Problem(502, Messages.accountCreationFailed((e as Error).message));
      }
      const doc = new User({
        email,
        sub,
        role,
        verified: false,
        name: input.name,
        alerts: input.alerts ?? { email: true },
        company,
        sameDayPickup: !!input.sameDayPickup,
      });
      const ev = userCreated(doc as unknown as UserDoc);
      (doc as unknown as OutboxMethods).addEvent(ev.subject, ev.data);
      try {
        // The password is random: a welcome mail with a code (auth's forgotPasswordSubmit) to set their own,
        // valid a week (a new account is not opened within the half hour a reset code lives).
        const { pin: code, expiresAt } = await issuePin('reset', email, email, { ttlMs: 7 * 24 * 3600_000 });
        const reset = resetRequested(email, code, expiresAt, 'account-created');
        (doc as unknown as OutboxMethods).addEvent(reset.subject, reset.data);
        await doc.save();
      } catch (e) {
        await deleteKcUser(app.env, sub).catch(() => undefined); // no half-made account
        throw new Problem(502, Messages.profileCreationFailed((e as Error).message));
      }
      reply.code(201);
      return { user: toProfile(doc.toObject() as UserDoc), message: Messages.accountCreated };
    },
  );

  app.post(
    '/users/delete',
    {
      schema: {
        tags: ['users'],
        body: Type.Object({ user: Type.Object({ email: Type.String({ maxLength: 200 }) }) }),
        response: { 200: Message, ...problems(400, 401, 403, 404, 502) },
      },
    },
    async (request) => {
      const caller = request.user!;
      const callerRole = (caller.role ?? 4) as RoleNumber;
      const email = request.body.user.email.trim().toLowerCase();
      const target = await User.findOne({ email }).lean<UserDoc>();
      const isSelf = !!target && (target.sub === caller.sub || target.email === caller.email?.toLowerCase());
      if (!isSelf && !isStaff(callerRole)) throw new Problem(403, Messages.forbidden);
      if (!target) throw new Problem(404, Messages.notFound);
      if (!isSelf && !canAssignRole(callerRole, target.role as RoleNumber))
        throw new Problem(403, Messages.forbidden);

      let kcId: string | undefined;
      try {
        kcId = target.sub ?? (await findKcUserId(app.env, target.email));
        if (kcId) await deleteKcUser(app.env, kcId); // its Keycloak sessions go with it
      } catch (e) {
        throw new Problem(502, `Error deleting user: ${(e as Error).message}!`);
      }
      // Its tokens still verify for up to 15 minutes: every service refuses them from now on.
      if (kcId) await app.userState.markDeleted(kcId);
      const ev = userDeleted(target);
      const stone = new Tombstone({
        kind: 'user',
        refId: String(target._id),
        key: target.email,
        deletedBy: caller.email,
        sub: kcId,
      });
      (stone as unknown as OutboxMethods).addEvent(ev.subject, ev.data);
      await stone.save();
      await User.deleteOne({ _id: target._id });
      return { message: Messages.userDeleted };
    },
  );
};

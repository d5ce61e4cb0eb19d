import type { FastifyPluginAsyncTypebox, OutboxMethods } from '@portal/service-kit';
import { Type } from 'typebox';
import { INVITER_ROLES, Messages, Subjects, isValidEmail } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { InviteOut, Message, problems } from '../schemas.js';
import { Invite, newInviteToken, type InviteDoc } from '../models/invite.js';
import { User, type UserDoc } from '../models/user.js';
import { licencesOf } from '../lib/profiles.js';
import { inviteEvent } from '../events/publishes.js';
import { callerProfile, isStaff } from './users.js';

type Caller = { sub: string; email?: string; role?: number };
const isInviter = (role?: number) => role !== undefined && (INVITER_ROLES as number[]).includes(role);

export function toInvite(i: InviteDoc) {
  return {
    id: String(i._id),
    email: i.email,
    date: new Date(i.date ?? Date.now()).toISOString(),
    invited: i.invited,
    user: { email: i.user?.email ?? i.email, company: (i.user?.company ?? undefined) as never },
    data: { accepted: !!i.data?.accepted, notified: !!i.data?.notified },
  };
}

/** Tenancy of invites: staff see all; a company admin the invites of their company; the rest none. */
async function inviterScope(caller: Caller, me: UserDoc): Promise<Record<string, unknown>> {
  if (isStaff(caller.role)) return {};
  return { companyKey: me.company?.['License #'] || `none:${String(me._id)}` };
}

const InvitesAnswer = Type.Object({ data: Type.Object({ invites: Type.Array(InviteOut) }) });

export const invitesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/users/invite',
    {
      config: { roles: INVITER_ROLES },
      schema: {
        tags: ['invites'],
        body: Type.Object({
          // maxLength before any check of the characters (a 1 MiB address used to block the event loop)
          user: Type.Object({
            email: Type.String({ maxLength: 254, errorMessage: Messages.inviteEmailInvalid }),
          }),
          config: Type.Optional(Type.Unknown()),
        }),
        response: {
          201: Type.Object({ invite: InviteOut, message: Type.String() }),
          ...problems(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const email = request.body.user.email.trim().toLowerCase();
      // the one email rule (contracts), the one the SMTP path applies: an invite never fails later at send time
      if (!isValidEmail(email)) throw new Problem(400, Messages.inviteEmailInvalid);
      const me = await callerProfile(request.user!);
      const companyKey =
        me.company?.['License #'] || (isStaff(request.user!.role) ? '' : `none:${String(me._id)}`);
      if (await Invite.exists({ email, companyKey, 'data.notified': { $ne: true } })) {
        throw new Problem(400, Messages.alreadyInvited);
      }
      const company = me.company ? { ...(me.company as object), licenseNumbers: licencesOf(me) } : undefined;
      const { token, set } = newInviteToken();
      const doc = new Invite({ email, invited: me.email, companyKey, user: { email, company }, ...set });
      const ev = inviteEvent(Subjects.inviteCreated, doc as unknown as InviteDoc, app.env.APP_URL, token);
      (doc as unknown as OutboxMethods).addEvent(ev.subject, ev.data);
      await doc.save();
      reply.code(201);
      return { invite: toInvite(doc.toObject() as InviteDoc), message: Messages.invited };
    },
  );

  app.post(
    '/users/inviteemail',
    {
      config: { roles: INVITER_ROLES },
      schema: {
        tags: ['invites'],
        body: Type.Object({
          invite: Type.Object({ id: Type.String({ pattern: '^[0-9a-fA-F]{24}$' }) }),
          config: Type.Optional(Type.Unknown()),
        }),
        response: { 200: Message, ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = await callerProfile(request.user!);
      const filter = { _id: request.body.invite.id, ...(await inviterScope(request.user!, me)) };
      const inv = await Invite.findOne(filter).lean<InviteDoc>();
      if (!inv) throw new Problem(404, Messages.notFound);
      // A resend mails a new link: the previous token stops working, the week starts again.
      const { token, set } = newInviteToken();
      const ev = inviteEvent(Subjects.inviteResent, inv, app.env.APP_URL, token);
      await Invite.updateOneWithEvents({ _id: inv._id }, { $set: { date: new Date(), ...set } }, [ev]);
      return { message: Messages.inviteResent };
    },
  );

  app.post(
    '/users/invites',
    {
      schema: {
        tags: ['invites'],
        body: Type.Object({
          where: Type.Optional(
            Type.Object({ mine: Type.Optional(Type.Boolean()), email: Type.Optional(Type.String()) }),
          ),
        }),
        response: { 200: InvitesAnswer, ...problems(400, 401) },
      },
    },
    async (request) => {
      const caller = request.user!;
      const where = request.body.where ?? {};
      const me = await callerProfile(caller);
      // The signed-in user's own pending invites (the invites modal); the only view for non-inviters.
      const filter =
        where.mine || !isInviter(caller.role)
          ? { email: me.email, 'data.notified': { $ne: true } }
          : {
              ...(await inviterScope(caller, me)),
              ...(where.email ? { email: where.email.trim().toLowerCase() } : {}),
            };
      const invites = await Invite.find(filter).sort({ date: -1 }).limit(1000).lean<InviteDoc[]>();
      return { data: { invites: invites.map(toInvite) } };
    },
  );

  app.post(
    '/users/invites/update',
    {
      schema: {
        tags: ['invites'],
        body: Type.Object({
          invites: Type.Array(
            Type.Object({
              id: Type.String({ pattern: '^[0-9a-fA-F]{24}$' }),
              data: Type.Object({
                accepted: Type.Optional(Type.Boolean()),
                notified: Type.Optional(Type.Boolean()),
              }),
            }),
            { minItems: 1, maxItems: 100 },
          ),
        }),
        response: { 200: Type.Object({ invites: Type.Array(InviteOut) }), ...problems(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const me = await callerProfile(request.user!);
      const ids = request.body.invites.map((i) => i.id);
      const found = await Invite.find({ _id: { $in: ids } }).lean<InviteDoc[]>();
      const byId = new Map(found.map((i) => [String(i._id), i]));
      const scope = await inviterScope(request.user!, me);
      // Check everything first: only the invitee answers an invite (accept/dismiss); nothing is written otherwise.
      for (const item of request.body.invites) {
        const inv = byId.get(item.id);
        if (!inv) throw new Problem(404, Messages.notFound);
        const invitee = inv.email === me.email;
        const inviter =
          isInviter(request.user!.role) && (!('companyKey' in scope) || scope.companyKey === inv.companyKey);
        if (!invitee && !(inviter && item.data.accepted === undefined))
          throw new Problem(403, Messages.forbidden);
      }
      for (const item of request.body.invites) {
        const inv = byId.get(item.id)!;
        const accept = item.data.accepted === true && !inv.data?.accepted;
        if (accept) {
          // Merge the invite's licence numbers into the invitee's company (idempotent), then mark it accepted.
          const lics = licencesOf({ company: inv.user?.company as never });
          const have = licencesOf(me);
          const merged = [...new Set([...(me.company?.licenseNumbers ?? []), ...lics])];
          const set: Record<string, unknown> = { 'company.licenseNumbers': merged };
          if (!have.length && lics[0]) set['company.License #'] = lics[0];
          await User.updateOne({ _id: me._id }, { $set: set });
          me.company = { ...(me.company ?? {}), licenseNumbers: merged } as never;
        }
        const set = {
          ...(item.data.notified !== undefined || accept
            ? { 'data.notified': item.data.notified ?? true }
            : {}),
          ...(item.data.accepted !== undefined ? { 'data.accepted': item.data.accepted } : {}),
        };
        if (accept) {
          await Invite.updateOneWithEvents({ _id: inv._id }, { $set: set }, [
            inviteEvent(Subjects.inviteAccepted, inv, app.env.APP_URL),
          ]);
        } else if (Object.keys(set).length) await Invite.updateOne({ _id: inv._id }, { $set: set });
      }
      const after = await Invite.find({ _id: { $in: ids } }).lean<InviteDoc[]>();
      return { invites: after.map(toInvite) };
    },
  );
};

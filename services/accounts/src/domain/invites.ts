import { Messages, Subjects, canInvite, isStaff, isValidEmail } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Invite, newInviteToken, type InviteDoc } from '../models/invite.js';
import { User, type UserDoc } from '../models/user.js';
import { inviteEvent, queue, userUpdated } from '../events/publishes.js';
import { withSet } from '../events/facts.js';
import { licencesOf } from './profiles.js';
import { callerProfile } from './users.js';
import type { Caller, Deps } from './deps.js';

/** The most a list answers. */
export const INVITES_LIST_LIMIT = 1000;

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

/** An invite's tenancy key: the inviter's company licence; staff without a company '', anyone else their own. */
export const companyKeyOf = (caller: Caller, me: Pick<UserDoc, '_id' | 'company'>): string =>
  me.company?.['License #'] || (isStaff(caller.role) ? '' : `none:${String(me._id)}`);

/** Tenancy of invites: staff see all; a company admin the invites of their company (a top-level equality). */
const inviterScope = (caller: Caller, me: UserDoc): Record<string, unknown> =>
  isStaff(caller.role) ? {} : { companyKey: me.company?.['License #'] || `none:${String(me._id)}` };

/**
 * The list filter: the signed-in user's own pending invites (`mine`, and the only view for non-inviters), else the
 * inviter's company's invites (optionally one address). Pure: test/domain-invites.test.ts.
 */
export function invitesFilter(caller: Caller, me: UserDoc, where: { mine?: boolean; email?: string }) {
  if (where.mine || !canInvite(caller.role)) return { email: me.email, 'data.notified': { $ne: true } };
  return { ...inviterScope(caller, me), ...(where.email ? { email: where.email.trim().toLowerCase() } : {}) };
}

/** Invite an address into the caller's company: the invite and its created event (sealed token) in one write. */
export async function createInvite(deps: Deps, caller: Caller, rawEmail: string) {
  const email = rawEmail.trim().toLowerCase();
  // the one email rule (contracts), the one the SMTP path applies: an invite never fails later at send time
  if (!isValidEmail(email)) throw new Problem(400, Messages.inviteEmailInvalid);
  const me = await callerProfile(caller);
  const companyKey = companyKeyOf(caller, me);
  if (await Invite.exists({ email, companyKey, 'data.notified': { $ne: true } }))
    throw new Problem(400, Messages.alreadyInvited);
  const company = me.company ? { ...(me.company as object), licenseNumbers: licencesOf(me) } : undefined;
  const { token, set } = newInviteToken();
  const doc = new Invite({ email, invited: me.email, companyKey, user: { email, company }, ...set });
  queue(
    doc,
    inviteEvent(Subjects.inviteCreated, doc, deps.appUrl, { value: token, expiresAt: set.tokenExpiresAt }),
  );
  await doc.save();
  return toInvite(doc.toObject() as InviteDoc);
}

/** A resend mails a new link: the previous token stops working, the week starts again. */
export async function resendInvite(deps: Deps, caller: Caller, id: string): Promise<void> {
  const me = await callerProfile(caller);
  const inv = await Invite.findOne({ _id: id, ...inviterScope(caller, me) }).lean<InviteDoc>();
  if (!inv) throw new Problem(404, Messages.notFound);
  await mailNewLink(deps, inv);
}

async function mailNewLink(deps: Deps, inv: InviteDoc): Promise<void> {
  const { token, set } = newInviteToken();
  const ev = inviteEvent(Subjects.inviteResent, inv, deps.appUrl, {
    value: token,
    expiresAt: set.tokenExpiresAt,
  });
  await Invite.updateOneWithEvents({ _id: inv._id }, { $set: { date: new Date(), ...set } }, [ev]);
}

/** The least time a new-link request takes, whether an invite waits or not. */
export const RENEW_ANSWER_MS = 300;

/**
 * "Send me a new link" from an invitation link without its token (mailed before invites carried one, accounts §2
 * /signMeUp?email=): the newest invite still waiting for the address gets a new token and its mail again, as the
 * inviter's resend would. The mail goes only to the invited address, and every answer is the same and takes the same
 * time, so the request tells nobody who was invited.
 */
export async function renewInviteLink(deps: Deps, rawEmail: string): Promise<void> {
  const started = Date.now();
  try {
    const email = rawEmail.trim().toLowerCase();
    if (!isValidEmail(email)) return;
    // looked up and mailed after the answer, so a pending invitation does not make the answer slower
    void renewIfPending(deps, email).catch((err: Error) =>
      deps.log.error({ err: err.message }, 'invitation link not renewed'),
    );
  } finally {
    const wait = RENEW_ANSWER_MS - (Date.now() - started);
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  }
}

async function renewIfPending(deps: Deps, email: string): Promise<void> {
  const inv = await Invite.findOne({
    email,
    'data.accepted': { $ne: true },
    'data.notified': { $ne: true },
  })
    .sort({ date: -1 })
    .lean<InviteDoc>();
  if (inv) await mailNewLink(deps, inv);
}

export async function listInvites(caller: Caller, where: { mine?: boolean; email?: string }) {
  const me = await callerProfile(caller);
  const invites = await Invite.find(invitesFilter(caller, me, where))
    .sort({ date: -1 })
    .limit(INVITES_LIST_LIMIT)
    .lean<InviteDoc[]>();
  return invites.map(toInvite);
}

export interface InviteAnswer {
  id: string;
  data: { accepted?: boolean; notified?: boolean };
}

/** Only the invitee answers an invite (accept/dismiss); an inviter of its company may only mark it notified. */
export function mayAnswer(caller: Caller, me: UserDoc, inv: InviteDoc, item: InviteAnswer): boolean {
  const scope = inviterScope(caller, me);
  const invitee = inv.email === me.email;
  const inviter = canInvite(caller.role) && (!('companyKey' in scope) || scope.companyKey === inv.companyKey);
  return invitee || (inviter && item.data.accepted === undefined);
}

/** Accept (joins the inviting company), dismiss or mark notified; every item is checked before anything is written. */
export async function answerInvites(deps: Deps, caller: Caller, items: InviteAnswer[]) {
  const me = await callerProfile(caller);
  const ids = items.map((i) => i.id);
  const byId = new Map(
    (await Invite.find({ _id: { $in: ids } }).lean<InviteDoc[]>()).map((i) => [String(i._id), i]),
  );
  for (const item of items) {
    const inv = byId.get(item.id);
    if (!inv) throw new Problem(404, Messages.notFound);
    if (!mayAnswer(caller, me, inv, item)) throw new Problem(403, Messages.forbidden);
  }
  for (const item of items) {
    const inv = byId.get(item.id)!;
    const accept = item.data.accepted === true && !inv.data?.accepted;
    if (accept) await joinCompany(me, inv);
    const set = {
      ...(item.data.notified !== undefined || accept ? { 'data.notified': item.data.notified ?? true } : {}),
      ...(item.data.accepted !== undefined ? { 'data.accepted': item.data.accepted } : {}),
    };
    if (accept) {
      await Invite.updateOneWithEvents({ _id: inv._id }, { $set: set }, [
        inviteEvent(Subjects.inviteAccepted, inv, deps.appUrl),
      ]);
    } else if (Object.keys(set).length) await Invite.updateOne({ _id: inv._id }, { $set: set });
  }
  return (await Invite.find({ _id: { $in: ids } }).lean<InviteDoc[]>()).map(toInvite);
}

/** Merges the invite's licence numbers into the invitee's company (idempotent). */
async function joinCompany(me: UserDoc, inv: InviteDoc): Promise<void> {
  const lics = licencesOf({ company: inv.user?.company as never });
  const merged = [...new Set([...(me.company?.licenseNumbers ?? []), ...lics])];
  const set: Record<string, unknown> = { 'company.licenseNumbers': merged };
  if (!licencesOf(me).length && lics[0]) set['company.License #'] = lics[0];
  // the company changed: others' read models (orders' members) learn the user's new licences from this event
  await User.updateOneWithEvents({ _id: me._id }, { $set: set }, [userUpdated(withSet(me, set))]);
  me.company = { ...(me.company ?? {}), licenseNumbers: merged } as never;
}

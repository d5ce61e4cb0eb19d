import { Role, STAFF_ROLES } from '@portal/contracts';
import { licenceKey } from '@portal/contracts';
import { Member } from '../models/member.js';
import { ReadCache } from '../models/read-cache.js';

/**
 * Short-lived copies (models/read-cache.ts): a member by sub or user id, by email (a token whose subject the model
 * does not know), and the members of a company key.
 */
const memberCache = new ReadCache<Stored | null>('members');
const emailCache = new ReadCache<Stored | null>('members');
const companyCache = new ReadCache<Stored[]>('members');

/** What orders knows of a portal user (accounts' facts and fleet's driver link), as its read model keeps it. */
export interface MemberView {
  userId: string;
  /** The Keycloak subject (the bearer token's `sub`); '' when accounts has not said it yet. */
  sub: string;
  email: string;
  name: string;
  role: number;
  /** licenceKey() of every licence number of the user's company. */
  companyKeys: string[];
  licenseNumbers: string[];
  suspended: boolean;
  deleted: boolean;
  /** The user's alerts.email: false = no order mails. */
  alertsEmail: boolean;
  /** The user's own sameDayPickup flag (orders §6: Same Day offered if orders.hasSameDay or this). */
  sameDayPickup: boolean;
  /** The fleet driver this user is linked to (fleet.driver.linked.v1), if any. */
  driverId?: string;
  /** The profile's signature (name and image) when accounts published it (capped; see README "Read models"). */
  signature?: { name: string; image: string };
}

type Stored = {
  userId: string;
  sub?: string | null;
  email?: string | null;
  name?: string | null;
  role?: number | null;
  companyKeys?: string[] | null;
  licenseNumbers?: string[] | null;
  suspended?: boolean | null;
  deleted?: boolean | null;
  alertsEmail?: boolean | null;
  sameDayPickup?: boolean | null;
  driverId?: string | null;
  signature?: { name?: string | null; image?: string | null } | null;
};

export function toMemberView(m: Stored): MemberView {
  return {
    userId: m.userId,
    sub: m.sub ?? '',
    email: m.email ?? '',
    name: m.name ?? '',
    role: m.role ?? Role.User,
    companyKeys: [...(m.companyKeys ?? [])],
    licenseNumbers: [...(m.licenseNumbers ?? [])],
    suspended: !!m.suspended,
    deleted: !!m.deleted,
    alertsEmail: m.alertsEmail !== false,
    sameDayPickup: !!m.sameDayPickup,
    ...(m.driverId ? { driverId: m.driverId } : {}),
    ...(m.signature?.image ? { signature: { name: m.signature.name ?? '', image: m.signature.image } } : {}),
  };
}

/**
 * The member by the bearer token's `sub` or by accounts' user id (either works: routes have the token, events and
 * order documents may carry either); null when the read model does not know the user (yet).
 */
export async function memberOf(userId: string): Promise<MemberView | null> {
  if (!userId) return null;
  // one sub, one live profile; should two carry it (a profile re-created after a delete), the live, newest wins
  const m = await memberCache.get(
    userId,
    async () =>
      (await Member.findOne({ sub: userId }).sort({ deleted: 1, asOf: -1 }).lean<Stored>()) ??
      (await Member.findOne({ userId }).lean<Stored>()),
  );
  return m ? toMemberView(m) : null;
}

/**
 * The member by the token's verified email when its subject is unknown to the read model (accounts may hold an older
 * Keycloak id for a user, e.g. after a realm re-import): one live member with that address, else null. A short-lived
 * copy like the lookup by subject: such a caller's every request read the members again.
 */
export async function memberByEmail(email: string | undefined): Promise<MemberView | null> {
  const key = email?.trim().toLowerCase();
  if (!key) return null;
  const m = await emailCache.get(key, async () => {
    const found = await Member.find({ email: key, deleted: { $ne: true } })
      .limit(2)
      .lean<Stored[]>();
    return found.length === 1 ? found[0]! : null;
  });
  return m ? toMemberView(m) : null;
}

/** The caller's company keys ([] = none known: the caller sees no company's orders). */
export async function companyKeysOf(userId: string): Promise<string[]> {
  const m = await memberOf(userId);
  return m && !m.deleted ? m.companyKeys : [];
}

/** Whether a member may get an order mail: has an address, alerts.email not false, not deleted. */
export const mayBeMailed = (m: MemberView): boolean => !!m.email && m.alertsEmail && !m.deleted;

export interface RecipientOpts {
  /** Also leave out suspended users (default false: the spec keeps only the alerts.email and address rules). */
  skipSuspended?: boolean;
  /** Addresses to leave out (e.g. the person who made the change). */
  exclude?: string[];
}

/**
 * The addresses of the users whose company holds any of `lics` (licence numbers however typed), with an email,
 * alerts.email not false and not deleted (orders §4 "Notification emails"); de-duplicated, lower case, sorted.
 * One `$in` on the indexed top-level companyKeys.
 */
export async function recipientsForLicences(lics: string[], opts: RecipientOpts = {}): Promise<string[]> {
  return (await recipientsLookup(lics, opts))(lics);
}

/**
 * recipientsForLicences for many licence sets at once (a bulk upload's pairs): one `$in` for all their licences,
 * then each set's addresses from those members, by the same rules.
 */
export async function recipientsLookup(
  lics: string[],
  opts: RecipientOpts = {},
): Promise<(set: string[]) => string[]> {
  const keys = [...new Set(lics.filter(Boolean).map(licenceKey))].filter(Boolean);
  const byKey = await companyCache.getMany(
    keys,
    async (missing) => {
      const ms = await Member.find({ companyKeys: { $in: missing } }).lean<Stored[]>();
      return new Map(missing.map((k) => [k, ms.filter((m) => m.companyKeys?.includes(k))]));
    },
    [],
  );
  // a member of several of the keys once
  const found = [...new Map([...byKey.values()].flat().map((m) => [m.userId, m])).values()].map(toMemberView);
  return (set) => {
    const want = new Set(set.filter(Boolean).map(licenceKey));
    return addresses(
      found.filter((m) => m.companyKeys.some((k) => want.has(k))),
      opts,
    );
  };
}

/** The staff (superadmin and admin) addresses: the cancel mail's extra recipients (orders §4 "Cancel"). */
export async function adminEmails(opts: RecipientOpts = {}): Promise<string[]> {
  const found = await Member.find({ role: { $in: [...STAFF_ROLES] } }).lean<Stored[]>();
  return addresses(found.map(toMemberView), opts);
}

/** The member linked to a fleet driver, or null. */
export async function memberByDriver(driverId: string): Promise<MemberView | null> {
  if (!driverId) return null;
  const m = await Member.findOne({ driverId }).lean<Stored>();
  return m ? toMemberView(m) : null;
}

function addresses(ms: MemberView[], opts: RecipientOpts): string[] {
  const exclude = new Set((opts.exclude ?? []).map((e) => e.trim().toLowerCase()));
  const out = ms
    .filter(mayBeMailed)
    .filter((m) => !(opts.skipSuspended && m.suspended))
    .map((m) => m.email.trim().toLowerCase())
    .filter((e) => !exclude.has(e));
  return [...new Set(out)].sort();
}

// ---- the feed: accounts' user facts and fleet's driver links into the read model ---------------------------------

/** A user event's or snapshot's facts (contracts UserRefData: everything past userId/email optional). */
export interface UserFacts {
  userId: string;
  email: string;
  role?: number;
  verified?: boolean | 'suspended';
  sub?: string;
  name?: string;
  companyKeys?: string[];
  licenseNumbers?: string[];
  alerts?: { email?: boolean };
  sameDayPickup?: boolean;
  signature?: { name?: string; image: string };
  /** SHA-256 (hex) of the public orders link's token; '' when the link is off. */
  publicOrdersHash?: string;
}

/** The read model's fields the facts set; a fact the event lacks leaves the stored value (older events). Pure. */
export function memberUpdate(f: UserFacts, deleted: boolean): Record<string, unknown> {
  const set: Record<string, unknown> = { email: f.email.trim().toLowerCase(), deleted };
  if (f.role !== undefined) set.role = f.role;
  if (f.verified !== undefined) set.suspended = f.verified === 'suspended';
  if (f.sub) set.sub = f.sub;
  if (f.name !== undefined) set.name = f.name;
  if (f.companyKeys) set.companyKeys = [...new Set(f.companyKeys.map(licenceKey))];
  if (f.licenseNumbers) set.licenseNumbers = f.licenseNumbers;
  if (f.alerts) set.alertsEmail = f.alerts.email !== false;
  if (f.sameDayPickup !== undefined) set.sameDayPickup = f.sameDayPickup;
  // a full-facts event (it names the company) without a signature means the user has none (or one over the cap)
  if (f.signature) set.signature = { name: f.signature.name ?? '', image: f.signature.image };
  else if (f.companyKeys) set.signature = null;
  // the public link answers only for a verified user: a pending or suspended one's link is dropped here too
  if (f.verified !== undefined && f.verified !== true) set.publicOrdersHash = '';
  else if (f.publicOrdersHash !== undefined) set.publicOrdersHash = f.publicOrdersHash;
  else if (f.companyKeys) set.publicOrdersHash = '';
  return set;
}

/**
 * Applies one user's facts as of `at` (the event's time, or a snapshot's asOf). Idempotent, and ordered by time: a
 * fact older than what the member holds changes nothing (a replay, or an event the snapshot already contains).
 * Returns whether it was applied.
 */
export async function applyUserFacts(
  f: UserFacts,
  at: Date,
  opts: { deleted?: boolean } = {},
): Promise<boolean> {
  const set = { ...memberUpdate(f, !!opts.deleted), asOf: at };
  try {
    const res = await Member.updateOne(
      { userId: f.userId, asOf: { $lte: at } },
      { $set: set },
      { upsert: true },
    );
    return res.matchedCount + res.upsertedCount > 0;
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    // the upsert collided with the unique userId: the member has a newer asOf (nothing to do), or the driver-link
    // feed inserted it at the same moment (the facts still apply)
    const res = await Member.updateOne({ userId: f.userId, asOf: { $lte: at } }, { $set: set });
    return res.matchedCount > 0;
  }
}

/** After a full users snapshot: members it did not name and no newer event touched are gone from accounts. */
export async function finishUserSnapshot(asOf: Date): Promise<number> {
  const res = await Member.updateMany({ asOf: { $lt: asOf }, deleted: false }, { $set: { deleted: true } });
  return res.modifiedCount;
}

/**
 * fleet.driver.linked / unlinked: the member's driver id (B's driver list filters orders by driverIds). Its own
 * clock (driverAsOf): fleet's events are not ordered with accounts' ones. Unlinking clears it only if it still
 * names that driver. A link for a user accounts has not told about yet creates the member; accounts fills it.
 */
export async function applyDriverLink(
  l: { driverId: string; userId: string },
  linked: boolean,
  at: Date,
): Promise<void> {
  if (linked) {
    // one driver, one user: a link moved to another user ends the old one
    await Member.updateMany(
      { driverId: l.driverId, userId: { $ne: l.userId }, driverAsOf: { $lte: at } },
      { $set: { driverId: '', driverAsOf: at } },
    );
    const mine = { userId: l.userId, driverAsOf: { $lte: at } };
    const set = { $set: { driverId: l.driverId, driverAsOf: at } };
    await Member.updateOne(mine, set, { upsert: true }).catch(async (err: unknown) => {
      ignoreDuplicate(err);
      // the users feed inserted the member at the same moment: the link still applies to it (unless a newer is held)
      await Member.updateOne(mine, set);
    });
  } else {
    await Member.updateOne(
      { userId: l.userId, driverId: l.driverId, driverAsOf: { $lte: at } },
      { $set: { driverId: '', driverAsOf: at } },
    );
  }
}

const ignoreDuplicate = (err: unknown) => {
  if ((err as { code?: number }).code !== 11000) throw err;
};

/** The newest fact the members hold (null when empty): how current the read model is. */
export async function membersAsOf(): Promise<Date | null> {
  const m = await Member.findOne({}, { asOf: 1 }).sort({ asOf: -1 }).lean<{ asOf?: Date }>();
  return m?.asOf ?? null;
}

import { Member, type MemberDoc } from '../models/member.js';

/** The caller's company as the read model knows it; undefined = not (yet) known, so the caller sees no orders. */
export async function companyOf(userId: string): Promise<string | undefined> {
  const m = await Member.findOne({ userId }).lean<MemberDoc>();
  return m?.companyKey || undefined;
}

/** Idempotent upsert: what the accounts-event consumer does on each user change (replays change nothing). */
export async function recordMember(userId: string, companyKey: string): Promise<void> {
  await Member.updateOne({ userId }, { $set: { companyKey } }, { upsert: true });
}

export async function forgetMember(userId: string): Promise<void> {
  await Member.deleteOne({ userId });
}

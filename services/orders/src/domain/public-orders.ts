import { createHash } from 'node:crypto';
import { OrderMessages as M } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Member } from '../models/member.js';
import { publicWeek } from './lists-caller.js';

/**
 * The public orders page's key (orders §2 "/dashboard/publicorders", accounts' profile "public orders link"): an
 * unguessable token accounts generates when a company turns its link on (32 random bytes, base64url: 43 characters),
 * revoked by turning it off or regenerating it. Orders never sees the token at rest: accounts' user events carry only
 * its SHA-256 (members' publicOrdersHash), and the page looks up the hash of the token it is given. A user id (the
 * old, guessable links) answers a 400 saying the link is out of date; a token that names no live link a 404, the same
 * for one that never existed and one turned off or replaced.
 */
export const PUBLIC_TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** SHA-256 (hex) of a link token: what accounts publishes and what the read model is searched by. */
export const publicTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** The licence keys of the company whose live link this token is, or a 404. Verified, not deleted, not suspended. */
export async function companyOfToken(token: string): Promise<string[]> {
  if (!PUBLIC_TOKEN.test(token)) throw new Problem(404, M.publicLinkInvalid);
  const m = await Member.findOne(
    { publicOrdersHash: publicTokenHash(token), deleted: false, suspended: false },
    { companyKeys: 1 },
  ).lean<{ companyKeys?: string[] }>();
  const keys = (m?.companyKeys ?? []).filter(Boolean);
  if (!keys.length) throw new Problem(404, M.publicLinkInvalid);
  return keys;
}

/** GET /orders/public: the token is the only key; a user id alone is refused with words that say why. */
export async function publicOrders(q: { token?: string; userid?: string; week?: string }) {
  if (!q.token) throw new Problem(400, M.publicLinkNeedsToken);
  return publicWeek(await companyOfToken(q.token), q.week);
}

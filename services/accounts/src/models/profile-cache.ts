import type { Schema } from 'mongoose';
import { tellReplicas } from './cache-drops.js';
import { cacheCounter } from '@portal/service-kit';

/**
 * The caller's profile, read on every authenticated request (GET /api/users/me on every page load, tenancy
 * checks), kept in memory per Keycloak `sub` for a short time. Every write to the users collection through the
 * User model in this process (save, update*, findOneAnd*, delete*, insertMany, bulkWrite — the profile's own
 * writes and every event-carrying update go through them) empties the cache at once, and every other replica's
 * (told over Redis: cache-drops.ts); PROFILE_TTL_MS bounds a copy when that message is lost. A read that started
 * before a write is never cached after it (generation check).
 */
export const PROFILE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

const cache = new Map<string, { doc: unknown; until: number }>();
const stats = cacheCounter('accounts.profiles', { max: MAX_ENTRIES, size: () => cache.size });
let generation = 0;

/** Taken before the database read; pass it to rememberProfile. */
export const profileGeneration = () => generation;

export function cachedProfile<T extends { role?: number | null }>(sub: string, role?: number): T | undefined {
  const hit = cache.get(sub);
  if (!hit) return void stats.miss();
  const doc = hit.doc as T;
  if (hit.until < Date.now() || (role !== undefined && doc.role !== role)) {
    cache.delete(sub);
    return void stats.miss();
  }
  stats.hit();
  return doc;
}

export function rememberProfile<T>(sub: string, doc: T, gen: number): T {
  if (gen !== generation) return doc; // a write happened while we read: do not keep what we read
  if (cache.size >= MAX_ENTRIES) {
    cache.delete(cache.keys().next().value!);
    stats.evicted();
  }
  cache.set(sub, { doc, until: Date.now() + PROFILE_TTL_MS });
  return doc;
}

export function forgetProfiles(): void {
  generation++;
  cache.clear();
}

const QUERY_WRITES =
  /^(updateOne|updateMany|findOneAndUpdate|findOneAndReplace|findOneAndDelete|replaceOne|deleteOne|deleteMany)$/;

/** Schema plugin for the User model: any write empties the profile cache (writes are rare next to reads). */
export function invalidatesProfileCache(schema: Schema): void {
  // this replica's copies at once, the other replicas' told (cache-drops.ts)
  const forget = () => {
    forgetProfiles();
    tellReplicas('profiles');
  };
  schema.pre(QUERY_WRITES, { document: true, query: true }, forget);
  schema.post(QUERY_WRITES, { document: true, query: true }, forget);
  schema.post('save', forget);
  schema.post('insertMany', forget);
  schema.post('bulkWrite', forget);
}

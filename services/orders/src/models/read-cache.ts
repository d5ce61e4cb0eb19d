import type { MongooseQueryOrDocumentMiddleware, Schema } from 'mongoose';
import { cacheCounter } from '@portal/service-kit';

/**
 * Short-lived copies of read-model lookups (members, licences, config): a create reads the caller, the config and
 * both licences before it writes, four round trips to the database that answer the same for every order of a
 * minute. Every write through a read model's mongoose model (the feed consumers, the snapshot fills, the tests'
 * seeds) bumps the model's generation, which drops its copies at once in this process and, told over Redis, in every
 * other replica (read-cache-drops.ts); a copy is also never older than READ_CACHE_MS (Redis down, a missed message).
 * (Writes with the bare driver bypass the hooks and wait out READ_CACHE_MS: nothing in src/ makes one.)
 */
export const READ_CACHE_MS = 5_000;
/** Entries per cache before it starts afresh (a bound on memory, not a tuning knob). */
const MAX_ENTRIES = 10_000;

const generations = new Map<string, number>();
const generationOf = (name: string) => generations.get(name) ?? 0;
const bump = (name: string) => generations.set(name, generationOf(name) + 1);
/** Every read model with copies (dropsReadCache), for a drop of all of them. */
const names = new Set<string>();

/**
 * The other replicas' copies (read-cache-drops.ts sets this at start): after a write through a read model here,
 * every other replica drops its copies of it too, at once instead of after READ_CACHE_MS (a licence one replica's
 * consumer just learned was still "unknown licence" on another for seconds).
 */
let tellReplicas: ((name: string) => void) | undefined;
export const setReplicaDrops = (tell: ((name: string) => void) | undefined): void => {
  tellReplicas = tell;
};
/** Another replica wrote `name` ('*': anything, e.g. after a missed message): this process's copies go. */
export function dropFromReplica(name: string): void {
  if (name === '*') for (const n of names) bump(n);
  else bump(name);
}

const QUERY_WRITES: MongooseQueryOrDocumentMiddleware[] = [
  'updateOne',
  'updateMany',
  'deleteOne',
  'deleteMany',
  'replaceOne',
  'findOneAndUpdate',
  'findOneAndDelete',
  'findOneAndReplace',
];

/** Schema plugin: any write through the model drops the copies of `name` (before it starts and after it ends). */
export function dropsReadCache(name: string) {
  names.add(name);
  return (schema: Schema): void => {
    const hook = () => void bump(name);
    const done = () => {
      bump(name);
      tellReplicas?.(name);
    };
    schema.pre('save', hook);
    schema.post('save', done);
    schema.pre(QUERY_WRITES, { document: true, query: true }, hook);
    schema.post(QUERY_WRITES, { document: true, query: true }, done);
    schema.pre('insertMany', hook);
    schema.post('insertMany', done);
    schema.pre('bulkWrite', hook);
    schema.post('bulkWrite', done);
  };
}

/**
 * A cache of lookups by key for the read model `name`. A load that overlapped a write of the model is returned but
 * not kept (it may hold the value from before the write).
 */
export class ReadCache<V> {
  private readonly entries = new Map<string, { at: number; gen: number; value: V }>();
  private readonly stats;
  constructor(
    private readonly name: string,
    private readonly ttlMs = READ_CACHE_MS,
  ) {
    this.stats = cacheCounter(`orders.read.${name}`, { max: MAX_ENTRIES, size: () => this.entries.size });
  }

  private fresh(key: string, gen: number, now: number): { value: V } | undefined {
    const e = this.entries.get(key);
    const hit = e && e.gen === gen && now - e.at < this.ttlMs ? e : undefined;
    if (hit) this.stats.hit();
    else this.stats.miss();
    return hit;
  }

  private keep(key: string, value: V, gen: number, at: number): void {
    if (generationOf(this.name) !== gen) return;
    if (this.entries.size >= MAX_ENTRIES) {
      this.stats.evicted(this.entries.size);
      this.entries.clear();
    }
    this.entries.set(key, { at, gen, value });
  }

  async get(key: string, load: () => Promise<V>): Promise<V> {
    const gen = generationOf(this.name);
    const at = Date.now();
    const hit = this.fresh(key, gen, at);
    if (hit) return hit.value;
    const value = await load();
    this.keep(key, value, gen, at);
    return value;
  }

  /** Several keys, the missing ones in one load (which answers every key it was given; `absent` for the rest). */
  async getMany(keys: string[], load: (missing: string[]) => Promise<Map<string, V>>, absent: V) {
    const gen = generationOf(this.name);
    const at = Date.now();
    const out = new Map<string, V>();
    const missing: string[] = [];
    for (const k of new Set(keys)) {
      const hit = this.fresh(k, gen, at);
      if (hit) out.set(k, hit.value);
      else missing.push(k);
    }
    if (missing.length) {
      const loaded = await load(missing);
      for (const k of missing) {
        const value = loaded.has(k) ? loaded.get(k)! : absent;
        out.set(k, value);
        this.keep(k, value, gen, at);
      }
    }
    return out;
  }
}

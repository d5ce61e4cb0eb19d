import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { mongo } from 'mongoose';

/** One lease: who holds it until when (`leases` collection of the service's database). */
export interface LeaseDoc {
  _id: string;
  holder: string;
  until: Date;
}
export const LEASES = 'leases';
export const LEASE_TTL_MS = 30_000;

/** This process's name in the leases it holds (host, pid and a random part: a restarted pid is another holder). */
export const processHolder = `${hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;

type Db = Pick<mongo.Db, 'collection'>;
const isDuplicate = (err: unknown) => (err as { code?: number } | undefined)?.code === 11000;

/**
 * A leader lease in the service's database, for work one replica at a time should do (asking for a snapshot,
 * a periodic job): `take()` takes the lease when it is free or expired, or renews it when this holder has it, for
 * `ttlMs`; a holder that dies loses it after `ttlMs`. Work under a lease must still be idempotent: on FerretDB an
 * update is not atomic across processes (docs/DATA.md), so two processes taking an expired lease at the same moment
 * can both believe they hold it until the next renewal (the read-back below narrows that to the moment of the
 * take; MongoDB's conditional update has no such window). The lease keeps the work single in practice; the work's
 * idempotence keeps it correct.
 */
export class Lease {
  readonly holder: string;
  constructor(
    private readonly db: Db,
    readonly name: string,
    private readonly ttlMs = LEASE_TTL_MS,
    holder = processHolder,
  ) {
    this.holder = holder;
  }

  private col() {
    return this.db.collection<LeaseDoc>(LEASES);
  }

  /** Takes or renews the lease; true when this holder has it now. A failed round trip is tried twice more. */
  async take(now = new Date()): Promise<boolean> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.takeOnce(now);
      } catch (err) {
        if (attempt >= 3) throw err;
        await new Promise((r) => setTimeout(r, 200 * attempt));
      }
    }
  }

  private async takeOnce(now: Date): Promise<boolean> {
    const until = new Date(now.getTime() + this.ttlMs);
    const col = this.col();
    const renewed = await col.updateOne(
      { _id: this.name, $or: [{ holder: this.holder }, { until: { $lte: now } }] },
      { $set: { holder: this.holder, until } },
    );
    if (renewed.matchedCount === 0) {
      try {
        await col.insertOne({ _id: this.name, holder: this.holder, until });
      } catch (err) {
        if (isDuplicate(err)) return false; // another holder's, not expired
        throw err;
      }
    }
    // the last writer holds it (two takes of an expired lease at once on FerretDB: see above)
    return (await col.findOne({ _id: this.name }))?.holder === this.holder;
  }

  /** Gives the lease up when this holder has it (another replica may take it at once). */
  async release(): Promise<void> {
    await this.col().deleteOne({ _id: this.name, holder: this.holder });
  }

  /** Who holds the lease now (null: nobody, or expired). */
  async holderNow(now = new Date()): Promise<string | null> {
    const doc = await this.col().findOne({ _id: this.name });
    return doc && doc.until > now ? doc.holder : null;
  }
}

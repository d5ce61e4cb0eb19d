import mongoose, { Schema } from 'mongoose';

/**
 * A change counter per key ({_id: key, v}), the projection's signal to the caches kept in the database: its apply
 * bumps the keys a write touched, AFTER the write; a reader keeps what it computed with the version it read BEFORE
 * computing, and computes again once the counter moved (every instance sees every other's apply at its next read).
 * A missing counter is 0. Used for the dashboards' days (day-stats.ts) and the reconciliation's vendor-months
 * (month-versions.ts).
 */
export function versionCounter(modelName: string, collection: string) {
  const schema = new Schema(
    { _id: { type: String, required: true }, v: { type: Number, default: 0 } },
    { versionKey: false },
  );
  const model = mongoose.model(modelName, schema, collection);
  return {
    model,
    /** One change of these keys was written (blank keys are none): one round trip for all of them. */
    async bump(keys: (string | undefined)[]): Promise<void> {
      const ids = [...new Set(keys.filter((k): k is string => !!k))];
      if (!ids.length) return;
      await model.bulkWrite(
        ids.map((_id) => ({ updateOne: { filter: { _id }, update: { $inc: { v: 1 } }, upsert: true } })),
        { ordered: false },
      );
    },
    /** The counter of one key now (0 when never bumped). */
    async of(key: string): Promise<number> {
      const doc = await model.findById(key, { v: 1 }).lean<{ v: number }>();
      return doc?.v ?? 0;
    },
  };
}

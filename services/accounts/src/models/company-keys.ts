import type { Model, Schema } from 'mongoose';

type Keys = (u: any) => string[];
type Query = {
  getUpdate(): Record<string, unknown>;
  getFilter(): object;
  model: Model<any>;
  _ck?: unknown[];
};
const touchesCompany = (update: Record<string, unknown> | null | undefined): boolean =>
  !!update &&
  Object.entries(update).some(([k, v]) =>
    k.startsWith('$')
      ? touchesCompany(v as Record<string, unknown>)
      : k === 'company' || k.startsWith('company.'),
  );

/**
 * Keeps the user's top-level `companyKeys` in step with its company, whatever the write: a saved document
 * computes it; an update that touches `company` re-reads the documents it matched (before and after, so an upsert
 * or a filter the update itself changes are covered) and sets it. Company writes are rare; reads are not.
 */
export function keepsCompanyKeys(schema: Schema, opts: { keysOf: Keys }): void {
  const keys = opts.keysOf;
  schema.pre('save', function () {
    const k = keys(this.toObject());
    this.set('companyKeys', k.length ? k : undefined);
  });
  const UPDATES = /^(updateOne|updateMany|findOneAndUpdate)$/;
  schema.pre(UPDATES, { document: false, query: true }, async function (this: unknown) {
    const self = this as unknown as Query;
    if (!touchesCompany(self.getUpdate())) return;
    self._ck = (await self.model.find(self.getFilter(), { _id: 1 }).lean()).map(
      (d: { _id: unknown }) => d._id,
    );
  });
  schema.post(UPDATES, { document: false, query: true }, async function (this: unknown) {
    const self = this as unknown as Query;
    if (!touchesCompany(self.getUpdate())) return;
    const after = (await self.model.find(self.getFilter(), { _id: 1 }).lean()).map(
      (d: { _id: unknown }) => d._id,
    );
    const ids = [...(self._ck ?? []), ...after];
    const docs = await self.model.find({ _id: { $in: ids } }, { company: 1, companyKeys: 1 }).lean();
    for (const d of docs as { _id: unknown; companyKeys?: string[] }[]) {
      const k = keys(d);
      if (JSON.stringify(k) === JSON.stringify(d.companyKeys ?? [])) continue;
      // collection-level write: no middleware (this hook, the profile cache's) runs again for it
      await self.model.collection.updateOne(
        { _id: d._id } as never,
        k.length ? { $set: { companyKeys: k } } : { $unset: { companyKeys: '' } },
      );
    }
  });
}

/**
 * Profiles written before companyKeys existed get theirs (start-up; idempotent, a read when there are none). Batched
 * bulk writes: one update per profile in its own round trip took over Fastify's 10 s plugin timeout at 5,000 users
 * (found by `npm run bench`), so accounts failed to start on a larger database.
 */
export async function backfillCompanyKeys(model: Model<any>, keysOf: Keys, batch = 500): Promise<number> {
  const missing = (await model.find({ companyKeys: { $exists: false } }, { company: 1 }).lean()) as {
    _id: unknown;
  }[];
  const ops = missing.flatMap((d) => {
    const k = keysOf(d);
    return k.length ? [{ updateOne: { filter: { _id: d._id }, update: { $set: { companyKeys: k } } } }] : [];
  });
  for (let i = 0; i < ops.length; i += batch)
    await model.collection.bulkWrite(ops.slice(i, i + batch) as never, { ordered: false });
  return ops.length;
}

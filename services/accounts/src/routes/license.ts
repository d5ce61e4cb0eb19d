import type { FastifyPluginAsyncTypebox, OutboxMethods } from '@portal/service-kit';
import { Type } from 'typebox';
import { DEFAULT_RECEIVING_WINDOWS, Messages, STAFF_ROLES } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { LicenceRecordOut, PickupRoute, Windows, problems } from '../schemas.js';
import {
  LicenceMap,
  LicenceRecord,
  backfillLicenceKeys,
  licenceKey,
  type LicenceRecordDoc,
} from '../models/licence-record.js';
import { Tombstone } from '../models/tombstone.js';
import { licenceChanged } from '../events/publishes.js';

export function toRecord(r: LicenceRecordDoc) {
  const w = (r.windows ?? {}) as Record<string, string | undefined>;
  return {
    id: String(r._id),
    'License #': r['License #'],
    Licensee: r.Licensee ?? '',
    DBA: r.DBA ?? '',
    'Street Address': r['Street Address'] ?? '',
    City: r.City ?? '',
    Zip: r.Zip ?? '',
    emails: r.emails ?? [],
    pickupRoute: (r.pickupRoute ?? []).map((p) => ({ route: p.route ?? '', day: p.day ?? '' })),
    windows: Object.fromEntries(
      Object.entries(DEFAULT_RECEIVING_WINDOWS).map(([d, def]) => [d, w[d] ?? def]),
    ) as Record<keyof typeof DEFAULT_RECEIVING_WINDOWS, string>,
    active: r.active ?? true,
    FacilityType: r.FacilityType ?? '',
  };
}

const RecordIn = Type.Object({
  id: Type.Optional(Type.String({ pattern: '^[0-9a-fA-F]{24}$' })),
  'License #': Type.Optional(Type.String({ maxLength: 100 })),
  Licensee: Type.Optional(Type.String({ maxLength: 200 })),
  DBA: Type.Optional(Type.String({ maxLength: 200 })),
  'Street Address': Type.Optional(Type.String({ maxLength: 200 })),
  City: Type.Optional(Type.String({ maxLength: 100 })),
  Zip: Type.Optional(Type.String({ maxLength: 20 })),
  emails: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
  pickupRoute: Type.Optional(Type.Array(PickupRoute, { maxItems: 50 })),
  windows: Type.Optional(Type.Partial(Windows)),
  active: Type.Optional(Type.Boolean()),
  FacilityType: Type.Optional(Type.String({ maxLength: 50 })),
});
type RecordInput = Record<string, unknown>;

const REQUIRED: [keyof RecordInput & string, string][] = [
  ['License #', 'License Number'],
  ['Licensee', 'Name'],
  ['DBA', 'DBA'],
  ['Street Address', 'Street Address'],
  ['City', 'City'],
  ['Zip', 'Zip'],
];
/** All fields are required (spec §5 "Licence record"); the first missing one's message. */
function missing(r: RecordInput): string | undefined {
  const gap = REQUIRED.find(([k]) => typeof r[k] !== 'string' || !(r[k] as string).trim());
  return gap && Messages.fieldRequired(gap[1]);
}
/** The record's own fields only (AJV keeps unknown properties: never copy the body blindly). */
const FIELDS = Object.keys(RecordIn.properties).filter((k) => k !== 'id');
function fields(r: RecordInput) {
  const out: Record<string, unknown> = {};
  for (const k of FIELDS) {
    const v = r[k];
    if (v !== undefined) out[k] = typeof v === 'string' ? v.trim() : v;
  }
  if (r.windows) out.windows = { ...DEFAULT_RECEIVING_WINDOWS, ...(r.windows as object) };
  if (typeof out['License #'] === 'string') out.licenseKey = licenceKey(out['License #']);
  return out;
}
const isDuplicate = (e: unknown) => (e as { code?: number }).code === 11000;

export const licenseRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Before the start-up index sync (kit migrate, onReady) makes licenseKey unique.
  await backfillLicenceKeys(app.log);
  const one = { 200: Type.Object({ record: LicenceRecordOut }), ...problems(400, 401, 403, 404) };

  app.get(
    '/license/licensenumbers',
    {
      config: { public: true },
      schema: {
        tags: ['license'],
        querystring: Type.Object({
          search: Type.Optional(Type.String({ maxLength: 100 })),
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
        }),
        response: {
          200: Type.Object({
            data: Type.Object({
              licensenumbers: Type.Array(
                Type.Object({
                  'License #': Type.String(),
                  Licensee: Type.String(),
                  DBA: Type.String(),
                  City: Type.String(),
                }),
              ),
            }),
          }),
          ...problems(400),
        },
      },
    },
    async (request) => {
      const { search = '', limit = 100 } = request.query;
      const s = search.trim().replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const re = { $regex: s, $options: 'i' };
      const filter = s
        ? { active: { $ne: false }, $or: [{ 'License #': re }, { Licensee: re }, { DBA: re }] }
        : { active: { $ne: false } };
      const rows = await LicenceRecord.find(filter)
        .sort({ 'License #': 1 })
        .limit(limit)
        .lean<LicenceRecordDoc[]>();
      return {
        data: {
          licensenumbers: rows.map((r) => ({
            'License #': r['License #'],
            Licensee: r.Licensee ?? '',
            DBA: r.DBA ?? '',
            City: r.City ?? '',
          })),
        },
      };
    },
  );

  app.get(
    '/license',
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags: ['license'],
        response: {
          200: Type.Object({ data: Type.Object({ records: Type.Array(LicenceRecordOut) }) }),
          ...problems(401, 403),
        },
      },
    },
    async () => {
      const rows = await LicenceRecord.find({}).sort({ 'License #': 1 }).lean<LicenceRecordDoc[]>();
      return { data: { records: rows.map(toRecord) } };
    },
  );

  app.post(
    '/license/create',
    {
      config: { roles: STAFF_ROLES },
      schema: { tags: ['license'], body: Type.Object({ record: RecordIn }), response: one },
    },
    async (request) => {
      const r = request.body.record;
      const gap = missing(r);
      if (gap) throw new Problem(400, gap);
      const lic = r['License #']!.trim();
      // case-insensitively: 'abc-1' duplicates 'ABC-1' (the unique licenseKey index backs this check)
      if (await LicenceRecord.exists({ licenseKey: licenceKey(lic) }))
        throw new Problem(400, Messages.licenceExists);
      const doc = new LicenceRecord(fields(r));
      const ev = licenceChanged(String(doc._id), lic, 'created');
      (doc as unknown as OutboxMethods).addEvent(ev.subject, ev.data);
      try {
        await doc.save();
      } catch (e) {
        if (isDuplicate(e)) throw new Problem(400, Messages.licenceExists);
        throw e;
      }
      return { record: toRecord(doc.toObject() as LicenceRecordDoc) };
    },
  );

  app.post(
    '/license/update',
    {
      config: { roles: STAFF_ROLES },
      schema: { tags: ['license'], body: Type.Object({ record: RecordIn }), response: one },
    },
    async (request) => {
      const r = request.body.record;
      if (!r.id) throw new Problem(400, 'record.id is required');
      const gap = missing(r);
      if (gap) throw new Problem(400, gap);
      const before = await LicenceRecord.findById(r.id).lean<LicenceRecordDoc>();
      if (!before) throw new Problem(404, Messages.notFound);
      const lic = r['License #']!.trim();
      if (await LicenceRecord.exists({ licenseKey: licenceKey(lic), _id: { $ne: before._id } })) {
        throw new Problem(400, Messages.licenceExists);
      }
      try {
        await LicenceRecord.updateOneWithEvents({ _id: before._id }, { $set: fields(r) }, [
          licenceChanged(r.id, lic, 'updated'),
        ]);
      } catch (e) {
        if (isDuplicate(e)) throw new Problem(400, Messages.licenceExists);
        throw e;
      }
      return { record: toRecord((await LicenceRecord.findById(r.id).lean<LicenceRecordDoc>())!) };
    },
  );

  app.post(
    '/license/delete',
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags: ['license'],
        body: Type.Object({ record: Type.Object({ id: Type.String({ pattern: '^[0-9a-fA-F]{24}$' }) }) }),
        response: one,
      },
    },
    async (request) => {
      const before = await LicenceRecord.findById(request.body.record.id).lean<LicenceRecordDoc>();
      if (!before) throw new Problem(404, Messages.notFound);
      const ev = licenceChanged(String(before._id), before['License #'], 'deleted');
      const stone = new Tombstone({
        kind: 'licence',
        refId: String(before._id),
        key: before['License #'],
        deletedBy: request.user!.email,
      });
      (stone as unknown as OutboxMethods).addEvent(ev.subject, ev.data);
      await stone.save();
      await LicenceRecord.deleteOne({ _id: before._id });
      return { record: toRecord(before) };
    },
  );

  const StoredMap = Type.Record(Type.String(), Type.Unknown());
  const readMap = async () => {
    const doc = await LicenceMap.findOne({ key: 'lnstored' }).lean<{
      entries?: { k?: string; v?: unknown }[];
    }>();
    return Object.fromEntries((doc?.entries ?? []).map((e) => [e.k ?? '', e.v]));
  };
  app.get(
    '/license/lnstored',
    { schema: { tags: ['license'], response: { 200: StoredMap, ...problems(401) } } },
    readMap,
  );
  app.post(
    '/license/updatestored',
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags: ['license'],
        body: Type.Record(Type.String({ maxLength: 100 }), Type.Unknown()),
        response: { 200: StoredMap, ...problems(400, 401, 403) },
      },
    },
    async (request) => {
      const entries = Object.entries(request.body).map(([k, v]) => ({ k, v }));
      if (!entries.length) throw new Problem(400, 'The stored licence map must not be empty');
      await LicenceMap.updateOne(
        { key: 'lnstored' },
        { $setOnInsert: { key: 'lnstored' } },
        { upsert: true },
      );
      await LicenceMap.updateOneWithEvents({ key: 'lnstored' }, { $set: { entries } }, [
        licenceChanged('lnstored', '*', 'stored'),
      ]);
      return readMap();
    },
  );
};

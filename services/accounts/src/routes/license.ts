import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { LICENCE_MAX, STAFF_ROLES } from '@portal/contracts';
import { LicenceRecordOut, PickupRoute, Windows, problems } from '../schemas.js';
import {
  createLicence,
  deleteLicence,
  listLicences,
  searchLicences,
  updateLicence,
} from '../domain/licences.js';

const Id = Type.String({ pattern: '^[0-9a-fA-F]{24}$' });
const RecordIn = Type.Object({
  id: Type.Optional(Id),
  'License #': Type.Optional(Type.String({ maxLength: LICENCE_MAX['License #'] })),
  Licensee: Type.Optional(Type.String({ maxLength: LICENCE_MAX.Licensee })),
  DBA: Type.Optional(Type.String({ maxLength: LICENCE_MAX.DBA })),
  'Street Address': Type.Optional(Type.String({ maxLength: LICENCE_MAX['Street Address'] })),
  City: Type.Optional(Type.String({ maxLength: LICENCE_MAX.City })),
  Zip: Type.Optional(Type.String({ maxLength: LICENCE_MAX.Zip })),
  emails: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 50 })),
  pickupRoute: Type.Optional(Type.Array(PickupRoute, { maxItems: 50 })),
  windows: Type.Optional(Type.Partial(Windows)),
  active: Type.Optional(Type.Boolean()),
  FacilityType: Type.Optional(Type.String({ maxLength: 50 })),
});
const Picker = Type.Object({
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
});
const One = { 200: Type.Object({ record: LicenceRecordOut }), ...problems(400, 401, 403, 404) };
const staff = { roles: STAFF_ROLES };

/** Licence records (spec §3 "LN", §7); the rules are in domain/licences.ts. */
export const licenseRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
        response: { 200: Picker, ...problems(400) },
      },
    },
    async (request) => ({
      data: { licensenumbers: await searchLicences(request.query.search ?? '', request.query.limit ?? 100) },
    }),
  );

  app.get(
    '/license',
    {
      config: staff,
      schema: {
        tags: ['license'],
        response: {
          200: Type.Object({ data: Type.Object({ records: Type.Array(LicenceRecordOut) }) }),
          ...problems(401, 403),
        },
      },
    },
    async () => ({ data: { records: await listLicences() } }),
  );

  const recordBody = { tags: ['license'], body: Type.Object({ record: RecordIn }), response: One };
  app.post('/license/create', { config: staff, schema: recordBody }, async (request) => ({
    record: await createLicence(request.body.record),
  }));
  app.post('/license/update', { config: staff, schema: recordBody }, async (request) => ({
    record: await updateLicence(request.body.record),
  }));
  app.post(
    '/license/delete',
    {
      config: staff,
      schema: { tags: ['license'], body: Type.Object({ record: Type.Object({ id: Id }) }), response: One },
    },
    async (request) => ({ record: await deleteLicence(request.body.record.id, request.user.email) }),
  );
};

import { Type, type TSchema } from 'typebox';

/**
 * The TypeBox schemas of the /api/driverschedule calls (types: @portal/contracts dispatch.ts WeeklyUpdateBody,
 * WeeklyScheduleAnswer …). Shapes only; the content rules (known driver, vehicle, route; one row per driver and
 * day; notes length) are domain/weekly/validate.ts's, with the spec's words.
 */
const obj = <P extends Record<string, TSchema>>(p: P) => Type.Object(p, { additionalProperties: false });
const opt = Type.Optional;
const text = (max: number) => Type.String({ maxLength: max });

const Misc = Type.Object({
  backHaul: opt(Type.Boolean()),
  training: opt(Type.Boolean()),
  cancelled: opt(Type.Boolean()),
  notes: opt(Type.String({ maxLength: 2000 })),
});
const Entry = Type.Object({
  driver: Type.String({ maxLength: 64 }),
  vehicle: opt(text(64)),
  route: opt(text(128)),
  misc: opt(Misc),
});
const Days = Type.Record(Type.String(), Type.Array(Entry, { maxItems: 500 }));
const Schedule = Type.Object({
  id: opt(Type.String()),
  date: Type.String({ maxLength: 40 }),
  data: Type.Object({ days: Days }),
  lastUpdated: opt(Type.String()),
});

export const WeekQuery = obj({ date: opt(Type.String({ maxLength: 40 })) });
export const WeekBody = obj({ date: opt(Type.String({ maxLength: 40 })) });
export const UpdateBody = obj({
  schedule: Schedule,
  notify: opt(Type.Union([Type.Boolean(), Type.Array(Type.String({ maxLength: 64 }), { maxItems: 1000 })])),
});
export const CopyBody = obj({
  from: Type.String({ maxLength: 40 }),
  to: Type.String({ maxLength: 40 }),
  force: opt(Type.Boolean()),
});

const Cell = Type.Union([obj({ route: opt(Type.String()), vehicle: opt(Type.String()) }), Type.Null()]);
const Change = obj({ driverId: Type.String(), day: Type.Integer(), before: Cell, after: Cell });
const ScheduleOut = {
  id: opt(Type.String()),
  date: Type.String(),
  data: Type.Object({ days: Days }),
  lastUpdated: opt(Type.String()),
};
export const WeekAnswer = obj({
  data: obj({
    ...ScheduleOut,
    drivers: Type.Array(
      obj({
        id: Type.String(),
        name: Type.String(),
        email: opt(Type.String()),
        deleted: opt(Type.Boolean()),
      }),
    ),
    vehicles: Type.Array(
      obj({
        id: Type.String(),
        name: Type.String(),
        lic: opt(Type.String()),
        status: Type.Integer(),
        due: Type.Array(Type.String()),
        deleted: opt(Type.Boolean()),
      }),
    ),
    routes: Type.Array(obj({ id: Type.String(), name: Type.String(), startTime: Type.String() })),
    pending: opt(Type.Array(Change)),
    canEdit: Type.Boolean(),
    mine: Type.Array(Type.String()),
  }),
});
export const UpdateAnswer = obj({
  data: obj({
    ...ScheduleOut,
    warnings: Type.Array(Type.String()),
    pending: Type.Array(Change),
    notified: Type.Array(Type.String()),
  }),
});

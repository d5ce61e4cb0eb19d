import { Type } from 'typebox';

/**
 * The schedules' calls onto orders (routes/fixorders.ts): POST /orders/fixorders and POST /orders/intransit, bodies
 * and answers (contracts dispatch-weekly.ts FixOrders*, dispatch.ts InTransit*). mfe-schedule's component tests check
 * their fakes against these.
 */
const Ids = Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: 500 });
export const FixBody = Type.Object(
  {
    week: Type.String({ minLength: 10, maxLength: 40 }),
    hashes: Type.Optional(Type.Array(Type.String({ minLength: 3, maxLength: 80 }), { maxItems: 500 })),
    notify: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
const Leg = Type.Object({ pickup: Type.Optional(Type.String()), delivery: Type.Optional(Type.String()) });
export const FixAnswer = Type.Object({
  message: Type.String(),
  data: Type.Object({
    week: Type.String(),
    ordersToUpdate: Type.Array(
      Type.Object({
        id: Type.String(),
        orderId: Type.String(),
        driver: Leg,
        vehicle: Leg,
        changed: Type.Boolean(),
        pickupChange: Type.Optional(Type.String()),
      }),
    ),
    updated: Type.Integer(),
    failed: Type.Array(Type.String()),
  }),
});
export const TransitBody = Type.Object(
  { ids: Ids, reopen: Type.Optional(Type.Boolean()) },
  { additionalProperties: false },
);
export const TransitAnswer = Type.Object({
  message: Type.String(),
  data: Type.Object({
    moved: Type.Array(Type.String()),
    skipped: Type.Array(
      Type.Object({
        id: Type.String(),
        orderId: Type.String(),
        reason: Type.String(),
        detail: Type.Optional(Type.String()),
      }),
    ),
    total: Type.Integer(),
  }),
});

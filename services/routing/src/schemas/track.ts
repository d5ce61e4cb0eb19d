import { Type } from 'typebox';

/** A receiver's tracking link: GET /api/track/:token (routes/track.ts). */
export const TrackParams = Type.Object({ token: Type.String({ maxLength: 600 }) });
export const TrackAnswer = Type.Object({
  data: Type.Object({
    orderId: Type.String(),
    destName: Type.String(),
    state: Type.Union([
      Type.Literal('scheduled'),
      Type.Literal('out-for-delivery'),
      Type.Literal('delivered'),
      Type.Literal('not-delivered'),
    ]),
    stop: Type.Optional(Type.Object({ k: Type.Integer(), n: Type.Integer() })),
    window: Type.Optional(
      Type.Object({
        day: Type.String(),
        from: Type.Optional(Type.String()),
        to: Type.Optional(Type.String()),
      }),
    ),
    delivered: Type.Optional(Type.Object({ at: Type.String(), name: Type.String() })),
  }),
});

import { Type } from 'typebox';

/** The public delivery schedule search: GET /api/schedule/search?q=&days=&page= (routes/search.ts). */
export const SearchQuery = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 200 })),
  days: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Optional(Type.String({ maxLength: 10 })),
});
const Row = Type.Object({
  routeId: Type.String(),
  routeName: Type.String(),
  city: Type.String(),
  zip: Type.String(),
  days: Type.String(),
  startTime: Type.String(),
  overnight: Type.Boolean(),
  biWeekly: Type.Boolean(),
});
export const SearchAnswer = Type.Object({
  data: Type.Object({
    rows: Type.Array(Row),
    total: Type.Integer(),
    truncated: Type.Boolean(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
  }),
});

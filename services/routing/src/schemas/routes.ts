import { Type, type Static, type TSchema } from 'typebox';
import { DATE_PATTERN, ROUTE_FIELD_TITLES as T, ROUTE_LIMITS, RouteMessages as M } from '@portal/contracts';
import type * as C from '@portal/contracts';

/**
 * The TypeBox schemas of every /api/routes body and answer. The types are @portal/contracts' (routing.ts, plain
 * TypeScript for the browser); `Same<>` below fails the build if a schema here and its type there ever differ.
 * Type errors answer with the field's message; the content rules (lengths, zips, days) are domain/validate.ts's.
 */
const obj = <P extends Record<string, TSchema>>(p: P) => Type.Object(p, { additionalProperties: false });
const text = (message: string) => Type.String({ errorMessage: message });
const flag = (what: string) => Type.Boolean({ errorMessage: `${what} must be true or false` });
const Date_ = Type.String({ pattern: DATE_PATTERN, errorMessage: M.badRange });

const RowData = obj({ notes: Type.Optional(Type.String({ errorMessage: 'notes must be text' })) });

export const RouteRow = obj({
  id: Type.String(),
  city: Type.String(),
  zipCode: Type.String(),
  dayOfTheWeek: Type.String(),
  biWeekly: Type.Boolean(),
  overnight: Type.Boolean(),
  price: Type.Optional(Type.Number()),
  data: RowData,
});
export const Route = obj({
  id: Type.String(),
  name: Type.String(),
  data: obj({ startTime: Type.String(), rows: Type.Array(RouteRow) }),
  created: Type.String(),
  lastUpdated: Type.String(),
});

const RowInput = obj({
  id: Type.Optional(Type.String({ maxLength: 64, errorMessage: 'row id must be text' })),
  city: text(M.pleaseInput(T.city)),
  zipCode: text(M.pleaseInput(T.zipCode)),
  dayOfTheWeek: text(M.pleaseInput(T.dayOfTheWeek)),
  biWeekly: Type.Optional(flag('biWeekly')),
  overnight: Type.Optional(flag('overnight')),
  price: Type.Number({ errorMessage: M.pleaseInput(T.price) }),
  data: Type.Optional(RowData),
});
const RouteInputProps = {
  name: text(M.pleaseInput(T.name)),
  data: obj({
    startTime: text(M.pleaseInput(T.startTime)),
    rows: Type.Array(RowInput, { errorMessage: 'rows must be a list of route locations' }),
  }),
};
const needsRoute = { errorMessage: 'route is required' };

export const RoutesQuery = obj({
  /** The list's search box: routes whose name starts with this, any case. */
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: ROUTE_LIMITS.name,
      errorMessage: `q must be 1 to ${ROUTE_LIMITS.name} characters`,
    }),
  ),
  /** load-all-routes' external flag: the utility route expanded (contracts RoutesWhere.external). */
  external: Type.Optional(Type.Boolean({ errorMessage: 'external must be true or false' })),
});
export const RoutesListBody = obj({
  where: Type.Optional(
    obj({
      q: RoutesQuery.properties.q,
      zip: Type.Optional(Type.String({ maxLength: ROUTE_LIMITS.zipCode, errorMessage: M.badZip })),
      ids: Type.Optional(
        Type.Array(Type.String({ maxLength: 64 }), {
          maxItems: ROUTE_LIMITS.whereIds,
          errorMessage: `ids must be a list of at most ${ROUTE_LIMITS.whereIds} route ids`,
        }),
      ),
      external: RoutesQuery.properties.external,
    }),
  ),
});
export const RoutesAnswer = obj({ data: obj({ routes: Type.Array(Route) }) });
export const RouteCreateBody = obj({
  route: Type.Object(RouteInputProps, { additionalProperties: false, ...needsRoute }),
});
export const RouteUpdateBody = obj({
  route: Type.Object(
    {
      id: text('route.id is required'),
      lastUpdated: Type.Optional(Type.String({ errorMessage: 'lastUpdated must be a date-time' })),
      ...RouteInputProps,
    },
    { additionalProperties: false, ...needsRoute },
  ),
});
export const RouteDeleteBody = obj({
  route: Type.Object({ id: text('route.id is required') }, { additionalProperties: false, ...needsRoute }),
});
export const RouteAnswer = obj({ data: obj({ route: Route }) });
export const RouteDeleteAnswer = obj({
  data: obj({ route: obj({ id: Type.String(), deleted: Type.Literal(true) }) }),
});

export const RouteFindBody = obj({
  zip: Type.String({ maxLength: ROUTE_LIMITS.zipCode, errorMessage: M.badZip }),
  from: Type.Optional(Date_),
  to: Type.Optional(Date_),
});
const FindMatch = obj({
  routeId: Type.String(),
  name: Type.String(),
  rowId: Type.String(),
  city: Type.String(),
  zipCode: Type.String(),
  startTime: Type.String(),
  dayOfTheWeek: Type.String(),
  biWeekly: Type.Boolean(),
  overnight: Type.Boolean(),
  utility: Type.Boolean(),
  dates: Type.Array(Type.String()),
  deliveryDates: Type.Array(Type.String()),
});
export const RouteFindAnswer = obj({
  data: obj({
    zip: Type.String(),
    from: Type.String(),
    to: Type.String(),
    routes: Type.Array(FindMatch),
    dates: Type.Array(Type.String()),
  }),
});

// ---- compile-time proof that these schemas are the contracts' types (and the event's route is the API's) ----
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const same = <_ extends true>() => undefined;
same<Same<Static<typeof Route>, C.Route>>();
same<Same<C.RouteChangedData['route'], C.Route>>();
same<Same<Static<typeof RoutesQuery>, C.RoutesQuery>>();
same<Same<Static<typeof RoutesListBody>, C.RoutesListBody>>();
same<Same<Static<typeof RoutesAnswer>, C.RoutesAnswer>>();
same<Same<Static<typeof RouteCreateBody>, C.RouteCreateBody>>();
same<Same<Static<typeof RouteUpdateBody>, C.RouteUpdateBody>>();
same<Same<Static<typeof RouteDeleteBody>, C.RouteDeleteBody>>();
same<Same<Static<typeof RouteAnswer>, C.RouteAnswer>>();
same<Same<Static<typeof RouteDeleteAnswer>, C.RouteDeleteAnswer>>();
same<Same<Static<typeof RouteFindBody>, C.RouteFindBody>>();
same<Same<Static<typeof RouteFindAnswer>, C.RouteFindAnswer>>();
export type RoutesQueryT = C.RoutesQuery;
export type RoutesListBodyT = C.RoutesListBody;

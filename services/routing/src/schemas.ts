import { Type, type Static } from 'typebox';
import { LIMITS } from '@portal/contracts';

/**
 * routing's request and response shapes (TypeBox, strict: responses carry only what is declared; an undeclared
 * query field is dropped by the kit's AJV). When mfe-schedule reads these types they move to @portal/contracts.
 */
export const RouteRowView = Type.Object(
  {
    id: Type.String(),
    city: Type.String(),
    zipCode: Type.String(),
    dayOfTheWeek: Type.String(),
    biWeekly: Type.Boolean(),
    overnight: Type.Boolean(),
    /** The standard price: only for those who edit routes (canManageRoutes). */
    price: Type.Optional(Type.Number()),
  },
  { additionalProperties: false },
);

export const RouteView = Type.Object(
  { id: Type.String(), name: Type.String(), startTime: Type.String(), rows: Type.Array(RouteRowView) },
  { additionalProperties: false },
);
export type RouteView = Static<typeof RouteView>;

export const RouteListQuery = Type.Object(
  {
    /** The list's search box: routes whose name starts with this, any case. */
    q: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: LIMITS.routeName,
        errorMessage: `q must be 1 to ${LIMITS.routeName} characters`,
      }),
    ),
  },
  { additionalProperties: false },
);
export type RouteListQuery = Static<typeof RouteListQuery>;

export const RouteList = Type.Object(
  { data: Type.Object({ routes: Type.Array(RouteView) }, { additionalProperties: false }) },
  { additionalProperties: false },
);

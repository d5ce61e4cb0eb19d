import { Type, type Static } from 'typebox';
import {
  ORDER_DEF_FILTERS,
  ORDER_LIST_KINDS,
  ORDER_SORT_COLUMNS,
  PAGE_SIZES,
  DRIVER_LIST_LIMITS,
} from '@portal/contracts';

/**
 * The list calls' request shapes (TypeBox, strict). The parameters are contracts' OrderListParams (order-lists.ts),
 * the answers contracts' OrderRowPage / PublicOrderWeek. A day is 'YYYY-MM-DD' (UTC); a week is any day of it.
 */
const day = (what: string) =>
  Type.String({
    pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
    errorMessage: `${what} must be a day (YYYY-MM-DD)`,
  });

const params = {
  list: Type.Optional(
    Type.Union(
      ORDER_LIST_KINDS.map((k) => Type.Literal(k)),
      { errorMessage: `list must be one of ${ORDER_LIST_KINDS.join(', ')}` },
    ),
  ),
  week: Type.Optional(day('week')),
  from: Type.Optional(day('from')),
  to: Type.Optional(day('to')),
  company: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 40,
      errorMessage: 'company must be a licence number (1–40 characters)',
    }),
  ),
  status: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 8, errorMessage: 'status must be an order status from 0 to 8' }),
  ),
  delivered: Type.Optional(Type.Boolean({ errorMessage: 'delivered must be true or false' })),
  all: Type.Optional(Type.Boolean({ errorMessage: 'all must be true or false' })),
  def: Type.Optional(
    Type.Union(
      ORDER_DEF_FILTERS.map((k) => Type.Literal(k)),
      { errorMessage: 'def must be all, int or ext' },
    ),
  ),
  deleted: Type.Optional(Type.Boolean({ errorMessage: 'deleted must be true or false' })),
  q: Type.Optional(Type.String({ maxLength: 100, errorMessage: 'search is at most 100 characters' })),
  sort: Type.Optional(
    Type.Union(
      ORDER_SORT_COLUMNS.map((k) => Type.Literal(k)),
      { errorMessage: `sort must be one of ${ORDER_SORT_COLUMNS.join(', ')}` },
    ),
  ),
  dir: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], { errorMessage: 'dir must be asc or desc' }),
  ),
  limit: Type.Optional(
    Type.Integer({
      enum: [...PAGE_SIZES, ...DRIVER_LIST_LIMITS],
      errorMessage: `limit must be one of ${[...PAGE_SIZES, ...DRIVER_LIST_LIMITS].join(', ')}`,
    }),
  ),
  cursor: Type.Optional(
    Type.String({ pattern: '^[A-Za-z0-9_-]{1,400}$', errorMessage: 'cursor is not valid' }),
  ),
};

export const OrderListQuery = Type.Object(params, { additionalProperties: false });
export type OrderListQuery = Static<typeof OrderListQuery>;

/** POST /orders {where}, /orders/userorders {where: {…, isIncoming}}, /orders/ordersrange(forUser) {opts}. */
export const OrderListWhere = Type.Object(
  { where: Type.Optional(OrderListQuery) },
  { additionalProperties: false },
);
export const UserOrdersBody = Type.Object(
  {
    where: Type.Optional(
      Type.Object({ ...params, isIncoming: Type.Optional(Type.Boolean()) }, { additionalProperties: false }),
    ),
  },
  { additionalProperties: false },
);
export const OrdersRangeBody = Type.Object(
  { opts: Type.Optional(OrderListQuery) },
  { additionalProperties: false },
);

export const PublicOrdersQuery = Type.Object(
  {
    // the link's token (domain/public-orders.ts checks its form in the handler, after the rate limit counted it)
    token: Type.Optional(Type.String({ maxLength: 200 })),
    // the old, guessable form: answered with a 400 that says the link is out of date, never with data
    userid: Type.Optional(Type.String({ maxLength: 200 })),
    week: Type.Optional(day('week')),
  },
  { additionalProperties: false },
);
export type PublicOrdersQuery = Static<typeof PublicOrdersQuery>;

import { Type, type Static } from 'typebox';
import { PAGE_SIZES } from '@portal/contracts';

/**
 * orders' request and response shapes (TypeBox, strict: responses carry only what is declared; an undeclared
 * query field is dropped by the kit's AJV). When mfe-orders reads these types they move to @portal/contracts.
 */
export const OrderView = Type.Object(
  {
    id: Type.String(),
    companyKey: Type.String(),
    status: Type.Integer({ minimum: 0, maximum: 8 }),
    /** The spec's name for the status as this caller may see it (§4: an Exception reads "Order Approved" to vendors). */
    statusName: Type.String(),
    orderType: Type.String(),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type OrderView = Static<typeof OrderView>;

export const OrderListQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 8, errorMessage: 'status must be an order status from 0 to 8' }),
    ),
    /** Staff only: one company's orders (its licence number); a vendor may name only their own. */
    company: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 40,
        errorMessage: 'company must be a licence number (1–40 characters)',
      }),
    ),
    /** The period (UTC month) a staff list covers; default the current month. Narrows a vendor's list too. */
    month: Type.Optional(
      Type.String({ pattern: '^\\d{4}-(0[1-9]|1[0-2])$', errorMessage: 'month must be YYYY-MM' }),
    ),
    limit: Type.Optional(
      Type.Integer({ enum: [...PAGE_SIZES], errorMessage: `limit must be one of ${PAGE_SIZES.join(', ')}` }),
    ),
    /** The previous page's nextCursor (keyset paging by createdAt, _id: no skip). */
    cursor: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9_-]{1,80}$', errorMessage: 'cursor is not valid' }),
    ),
  },
  { additionalProperties: false },
);
export type OrderListQuery = Static<typeof OrderListQuery>;

export const OrderList = Type.Object(
  {
    data: Type.Object(
      { orders: Type.Array(OrderView), nextCursor: Type.Union([Type.String(), Type.Null()]) },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);

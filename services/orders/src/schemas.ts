import { Type, type Static } from 'typebox';
import { PAGE_SIZES } from '@portal/contracts';

/**
 * orders' request shapes (TypeBox, strict: an undeclared query field is dropped by the kit's AJV). The answers
 * (OrderView, OrderList) are in @portal/contracts (orders.ts), shared with mfe-orders.
 */
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

import { Type } from 'typebox';
import { ProblemSchema } from '@portal/service-kit';
import {
  OrderCancelBodySchema,
  OrderCreateBodySchema,
  OrderIdBodySchema,
  OrderUpdateBodySchema,
} from '@portal/contracts';

/**
 * The single-order calls' shapes. Bodies are contracts' plain JSON Schemas (shared with mfe-orders' types);
 * answers carry the order as stored (data is the caller's JSON, so the response schema lets its fields through).
 */
export const CreateBody = OrderCreateBodySchema;
export const UpdateBody = OrderUpdateBodySchema;
export const IdBody = OrderIdBodySchema;
export const CancelBody = OrderCancelBodySchema;

export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

// the order as stored (contracts' Order; its JSON Schema is the contracts' own): an open map here, so the
// serializer keeps every field
const AnyObject = Type.Object({}, { patternProperties: { '^.*$': {} } });
export const OrderAnswer = Type.Object({
  message: Type.Optional(Type.String()),
  /** The advisory custody gate let this write through with items missing (domain/custody-gate.ts). */
  warning: Type.Optional(Type.String()),
  data: Type.Object({ order: AnyObject }),
});

export const HistoryAnswer = Type.Object({
  data: Type.Object({ orderId: Type.String(), entries: Type.Array(AnyObject) }),
});

export const VerifyAnswer = Type.Object({
  ok: Type.Boolean(),
  entries: Type.Integer(),
  brokenAt: Type.Optional(Type.Integer()),
  /** entries 1..anchored are covered by a signed checkpoint (domain/ledger-anchor.ts) */
  anchored: Type.Integer(),
  anchoredAt: Type.Optional(Type.String()),
  refused: Type.Optional(Type.Integer()),
  message: Type.String(),
});

/** A 400 of the order rules: the problem plus every field's message (the form marks each field). */
export const OrderProblem = Type.Object({
  ...ProblemSchema.properties,
  errors: Type.Optional(Type.Record(Type.String(), Type.String())),
});

export const errors = {
  400: OrderProblem,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
  409: ProblemSchema,
  503: ProblemSchema,
};

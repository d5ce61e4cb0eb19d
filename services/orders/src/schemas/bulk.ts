import { Type } from 'typebox';
import { ProblemSchema } from '@portal/service-kit';

const SavedRow = Type.Object({ row: Type.Integer(), id: Type.String(), orderId: Type.String() });
const RowError = Type.Object({
  row: Type.Integer(),
  message: Type.String(),
  messages: Type.Array(Type.String()),
});

/** An upload's result (BulkResult in run.ts). */
export const BulkResultSchema = Type.Object({
  total: Type.Integer(),
  saved: Type.Integer(),
  savedRows: Type.Array(SavedRow),
  already: Type.Integer(),
  alreadyRows: Type.Array(SavedRow),
  errors: Type.Array(RowError),
  jobId: Type.Union([Type.String(), Type.Null()]),
});
export const BulkAnswer = Type.Object({ data: BulkResultSchema });
/** All-or-nothing refused: the problem, with every bad row in `data.errors`. */
export const BulkRefused = Type.Intersect([
  ProblemSchema,
  Type.Object({ data: Type.Optional(BulkResultSchema) }),
]);

export const BulkJobAnswer = Type.Object({
  data: Type.Object({
    state: Type.Union([
      Type.Literal('waiting'),
      Type.Literal('active'),
      Type.Literal('completed'),
      Type.Literal('failed'),
    ]),
    progress: Type.Integer({ minimum: 0, maximum: 100 }),
    done: Type.Integer(),
    total: Type.Integer(),
    result: Type.Union([BulkResultSchema, Type.Null()]),
    failedReason: Type.String(),
  }),
});

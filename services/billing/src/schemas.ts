import { Type, type Static } from 'typebox';
import { PAGE_SIZES } from '@portal/contracts';

/**
 * billing's request and response shapes (TypeBox, strict: responses carry only what is declared; undeclared body
 * or query fields are dropped by the kit's AJV). When mfe-billing reads these types they move to @portal/contracts.
 */
export const ReportRunView = Type.Object(
  {
    id: Type.String(),
    kind: Type.Union([Type.Literal('timestamp')]),
    state: Type.Union([
      Type.Literal('queued'),
      Type.Literal('running'),
      Type.Literal('done'),
      Type.Literal('failed'),
    ]),
    selectedDate: Type.String(),
    emails: Type.Array(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
  },
  { additionalProperties: false },
);
export type ReportRunView = Static<typeof ReportRunView>;

export const ReportListQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ enum: [...PAGE_SIZES], errorMessage: `limit must be one of ${PAGE_SIZES.join(', ')}` }),
    ),
  },
  { additionalProperties: false },
);
export type ReportListQuery = Static<typeof ReportListQuery>;

export const ReportList = Type.Object(
  { data: Type.Object({ reports: Type.Array(ReportRunView) }, { additionalProperties: false }) },
  { additionalProperties: false },
);

const EMAILS_MESSAGE = 'emails must be at most 10 valid email addresses';

/** POST /reports/timestamp {selectedDate, emails} (orders spec §7); both optional: today, to the caller. */
export const TimestampReportBody = Type.Object(
  {
    selectedDate: Type.Optional(
      Type.String({ format: 'date', errorMessage: 'selectedDate must be a date (YYYY-MM-DD)' }),
    ),
    emails: Type.Optional(
      Type.Array(Type.String({ format: 'email', maxLength: 60, errorMessage: EMAILS_MESSAGE }), {
        maxItems: 10,
        errorMessage: EMAILS_MESSAGE,
      }),
    ),
  },
  { additionalProperties: false },
);
export type TimestampReportBody = Static<typeof TimestampReportBody>;

export const ReportStarted = Type.Object(
  {
    message: Type.String(),
    data: Type.Object({ report: ReportRunView }, { additionalProperties: false }),
  },
  { additionalProperties: false },
);

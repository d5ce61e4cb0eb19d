import { Type, type Static } from 'typebox';
import { PAGE_SIZES } from '@portal/contracts';

/**
 * billing's request shapes (TypeBox, strict: undeclared body or query fields are dropped by the kit's AJV). The
 * answers (ReportRunView, ReportList, ReportStarted) are in @portal/contracts (billing.ts), shared with mfe-billing.
 */
export const ReportListQuery = Type.Object(
  {
    limit: Type.Optional(
      Type.Integer({ enum: [...PAGE_SIZES], errorMessage: `limit must be one of ${PAGE_SIZES.join(', ')}` }),
    ),
  },
  { additionalProperties: false },
);
export type ReportListQuery = Static<typeof ReportListQuery>;

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

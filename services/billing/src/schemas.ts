import { Type, type Static } from 'typebox';
import { PAGE_SIZES } from '@portal/contracts';
import { REPORT_EVERY, REPORT_FORMATS, REPORT_KINDS } from '@portal/contracts/billing';

/**
 * billing's request shapes (TypeBox, strict: undeclared body or query fields are dropped by the kit's AJV). The
 * answers are in @portal/contracts/billing (billing-reports.ts), shared with mfe-billing. Dates and addresses are
 * only typed here: the reports' domain (domain/reports/input.ts) checks them and says what is wrong in
 * BillingMessages' words.
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

const day = (name: string) =>
  Type.String({ maxLength: 32, errorMessage: `${name} must be a date (YYYY-MM-DD)` });
// Checked item by item in the domain (BillingMessages.badEmail / tooManyEmails); bounded here for the body's size.
const emails = Type.Array(Type.String({ maxLength: 320 }), {
  maxItems: 100,
  errorMessage: 'Please enter at most 10 email addresses.',
});

/** POST /reports/timestamp {selectedDate, emails} (orders spec §7); both optional: today, to the caller. */
export const TimestampReportBody = Type.Object(
  { selectedDate: Type.Optional(day('selectedDate')), emails: Type.Optional(emails) },
  { additionalProperties: false },
);
export type TimestampReportBody = Static<typeof TimestampReportBody>;

/** POST /orders/signaturereport {from, to, emails}: default last month. */
export const RangeReportBody = Type.Object(
  { from: Type.Optional(day('from')), to: Type.Optional(day('to')), emails: Type.Optional(emails) },
  { additionalProperties: false },
);
export type RangeReportBody = Static<typeof RangeReportBody>;

/** A string out of a fixed list, refused in one plain sentence. */
const oneOf = <T extends string>(values: readonly T[], errorMessage: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], errorMessage });

const kind = oneOf(REPORT_KINDS, `kind must be one of ${REPORT_KINDS.join(', ')}`);

/** POST /reports/run {kind, from, to, emails} (a timestamp run may give selectedDate instead). */
export const RunReportBody = Type.Object(
  {
    kind,
    from: Type.Optional(day('from')),
    to: Type.Optional(day('to')),
    selectedDate: Type.Optional(day('selectedDate')),
    emails: Type.Optional(emails),
  },
  { additionalProperties: false },
);
export type RunReportBody = Static<typeof RunReportBody>;

export const ReportIdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export type ReportIdParams = Static<typeof ReportIdParams>;

export const DownloadQuery = Type.Object(
  {
    format: oneOf(REPORT_FORMATS, 'format must be csv or xlsx'),
  },
  { additionalProperties: false },
);
export type DownloadQuery = Static<typeof DownloadQuery>;

/** POST /reports/schedules {kind, every, emails}. */
export const ScheduleBody = Type.Object(
  {
    kind,
    every: oneOf(REPORT_EVERY, 'every must be weekly or monthly'),
    emails: Type.Optional(emails),
  },
  { additionalProperties: false },
);
export type ScheduleBody = Static<typeof ScheduleBody>;

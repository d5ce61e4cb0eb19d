/**
 * The bulk upload's columns (orders spec §5 "Bulk upload"): the headings of the template, the field each maps to,
 * and the limits. Headings are matched case- and space-insensitively; "Weight/BoxCount" and "Box Count" are one
 * column. Unknown headings are ignored (a vendor's own extra columns do no harm).
 */
export const BULK_COLUMNS = [
  ['Order Definition', 'orderDef'],
  ['Destination License', 'destinationLN'],
  ['Notes', 'notes'],
  ['Order Type', 'orderType'],
  ['Originating License', 'pickupLN'],
  ['Prefered Delivery Date', 'preferredDelivery'],
  ['Prefered Pickup Date', 'preferredPickup'],
  ['Weight/BoxCount', 'weight'],
  ['Billing Amount', 'billingAmount'],
  ['Billing Invoice #', 'billingInvoice'],
  ['Billing Method', 'billingMethod'],
  ['Manifest', 'manifest'],
] as const;
export type BulkField = (typeof BULK_COLUMNS)[number][1];

/** The template's headings, in order (the spec's spelling, "Prefered" included: vendors' files use it). */
export const BULK_HEADINGS: string[] = BULK_COLUMNS.map(([h]) => h);

const norm = (h: string) => h.replace(/[\s_]+/g, '').toLowerCase();
const BY_HEADING = new Map<string, BulkField>([
  ...BULK_COLUMNS.map(([h, f]) => [norm(h), f] as [string, BulkField]),
  [norm('Box Count'), 'weight'],
  [norm('BoxCount'), 'weight'],
  [norm('Weight'), 'weight'],
  // the correct spelling too: a vendor who fixed the template's typo is not refused
  [norm('Preferred Delivery Date'), 'preferredDelivery'],
  [norm('Preferred Pickup Date'), 'preferredPickup'],
]);

/** The field a heading names, or undefined for a column the upload ignores. */
export const fieldOfHeading = (heading: unknown): BulkField | undefined =>
  typeof heading === 'string' ? BY_HEADING.get(norm(heading)) : undefined;

const BULK_FIELD_LABEL = new Map<BulkField, string>(
  BULK_HEADINGS.map((h) => [fieldOfHeading(h)!, h] as [BulkField, string]),
);
/** A field's heading as the template spells it, for a row's error message. */
export const headingOf = (f: BulkField): string => BULK_FIELD_LABEL.get(f) ?? f;

/** Columns a file must have (the rest may be absent and are then empty on every row). */
export const REQUIRED_FIELDS: BulkField[] = ['destinationLN', 'pickupLN', 'preferredDelivery'];

/** The file and body caps are contracts' (edge-limits.json), so nginx refuses at the edge what the route would. */
export { BULK_MAX_BODY_BYTES, BULK_MAX_FILE_BYTES } from '@portal/contracts';
/** Data rows per file (the heading row not counted): a week of a large vendor's orders, and < 10 s to save. */
export const BULK_MAX_ROWS = 5000;
/** Files with more data rows than this run as a job (progress by GET /orders/bulk/:jobId); the rest answer at once. */
export const BULK_INLINE_ROWS = 200;
/** Hours added to the sheet's delivery and pickup dates (orders spec §9). */
export const BULK_DATE_OFFSET_HOURS = 4;
/** Accepted file extensions. */
export const BULK_EXTENSIONS = ['csv', 'xlsx', 'xls'] as const;
export type BulkFormat = (typeof BULK_EXTENSIONS)[number];

import { ORDER_STATUS_NAMES, OrderStatus } from './orders.js';

/**
 * Shipping labels (orders §2 Labels, §4 label rule, §5 count, §8, §9) and the custody report
 * (the custody report). Constants and messages are the spec's; the calls' bodies and answers are plain JSON
 * Schema and interfaces, so the browser entry (browser.ts) carries this file without the TypeBox runtime.
 */

/** orders §9: 3.98in × 3.32in, 0.5in margin, one label per box, 500 ms before printing. */
export const LABEL = {
  widthIn: 3.98,
  heightIn: 3.32,
  marginIn: 0.5,
  /** Points per inch (PDF user space). */
  pt: 72,
  /** A print job of one order: more boxes than this is a typo, not a shipment (decided; README). */
  maxCount: 500,
  printDelayMs: 500,
} as const;

/** The statuses a label prints at are named by the one the spec calls allowed (§4: "the allowed status (approved)"). */
export const LABEL_ALLOWED_STATUS = ORDER_STATUS_NAMES[OrderStatus.approved];

export const LabelMessages = {
  /** orders §4: the refused label's heading. */
  error: 'SHIPPING LABEL ERROR',
  currentStatus: (s: string) => `Current status: ${s}`,
  allowedStatus: (s: string) => `Allowed status: ${s}`,
  /** The 409's detail: the heading, the current and the allowed status in one line. */
  refused: (current: string) =>
    `SHIPPING LABEL ERROR. Current status: ${current}. Allowed status: ${LABEL_ALLOWED_STATUS}.`,
  /** Where the route name goes on the label of an order no route is assigned to yet (decided wording). */
  noRoute: 'No route assigned',
  /** orders §5 "integer, minimum 1" (decided wording and cap). */
  count: `The label count must be a whole number from 1 to ${LABEL.maxCount}.`,
  /** orders §8. */
  failed: (message: string) => `Failed to print: ${message}`,
} as const;

/** Print label count default (orders §5, §9): the box count from the weight, an integer, at least 1. */
export function defaultLabelCount(weight: string | number | undefined | null): number {
  const n = Math.floor(Number(String(weight ?? '').trim() || '1'));
  return Number.isFinite(n) && n >= 1 ? n : 1;
}

/** POST /api/orders/labels: the order (database id or orderId) and the box count (default: the order's weight). */
export const LabelsBodySchema = {
  type: 'object',
  properties: {
    id: { type: 'string', minLength: 1, maxLength: 64 },
    count: { type: 'integer', minimum: 1, maximum: LABEL.maxCount, errorMessage: LabelMessages.count },
  },
  required: ['id'],
  additionalProperties: false,
} as const;
export interface LabelsBody {
  id: string;
  count?: number;
}

/** A refused label (409): the problem plus the two statuses the browser shows on the crossed-out label. */
export interface LabelRefusal {
  status: 409;
  detail: string;
  currentStatus: string;
  allowedStatus: string;
}

/** One step of the chain of custody as the report shows it (from one ledger entry). */
export interface CustodyEntry {
  seq: number;
  at: string;
  /** The ledger action (created, status, labels-printed, checked-in …). */
  action: string;
  /** What happened in words ("Order approved", "3 labels printed" …). */
  title: string;
  by: { userId: string; name: string; role: number };
  /** The facts of the step: a count, a sha256, a signer, a status … (strings only, never an image). */
  facts: Record<string, string>;
  prevHash: string;
  hash: string;
  /** This entry's hash and its link to the previous one recompute (and so do all before it). */
  verified: boolean;
}

/** GET /api/orders/:id/custody → {data: CustodyReport}. */
export interface CustodyReport {
  id: string;
  orderId: string;
  status: string;
  /** The whole ledger verifies (not only the custody entries shown). */
  verified: boolean;
  ledgerEntries: number;
  brokenAt?: number;
  generatedAt: string;
  entries: CustodyEntry[];
}
export interface CustodyAnswer {
  data: CustodyReport;
}

const str = { type: 'string' } as const;
const int = { type: 'integer' } as const;
/** The answer's JSON Schema (the service's response serializer; closed objects, facts an open string map). */
export const CustodyAnswerSchema = {
  type: 'object',
  properties: {
    data: {
      type: 'object',
      properties: {
        id: str,
        orderId: str,
        status: str,
        verified: { type: 'boolean' },
        ledgerEntries: int,
        brokenAt: int,
        generatedAt: str,
        entries: {
          type: 'array',
          items: {
            type: 'object',
            properties: {
              seq: int,
              at: str,
              action: str,
              title: str,
              by: { type: 'object', properties: { userId: str, name: str, role: int } },
              facts: { type: 'object', patternProperties: { '^.*$': str } },
              prevHash: str,
              hash: str,
              verified: { type: 'boolean' },
            },
          },
        },
      },
    },
  },
} as const;

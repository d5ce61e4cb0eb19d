import { BILLING_METHODS, CANCEL_REASONS, ORDER_TYPES, PICKUP_TYPES } from './orders.js';
import { ORDER_SOURCES } from './order-types.js';
import { GateOverrideSchema } from './custody-scan.js';

/**
 * The single-order calls' bodies as plain JSON Schema (`as const`): services/orders hands them to Fastify, the
 * browser may import them without the TypeBox runtime. Every data field is optional here: the required ones are
 * rules (order-rules.ts) with the spec's words.
 */
const str = (maxLength = 200) => ({ type: 'string', maxLength }) as const;
const dateStr = { type: 'string', maxLength: 40 } as const;
const licenceCopySchema = {
  type: 'object',
  properties: {
    Licensee: str(),
    DBA: str(),
    'License #': str(100),
    'Street Address': str(),
    City: str(100),
    Zip: str(20),
    emails: { type: 'array', items: str(), maxItems: 20 },
  },
  additionalProperties: false,
} as const;
const signatureSchema = {
  type: 'object',
  properties: {
    name: str(),
    image: str(400_000),
    date: dateStr,
    userId: str(),
    emails: { type: 'array', items: str(), maxItems: 20 },
    tags: { type: 'array', items: str(), maxItems: 200 },
  },
  additionalProperties: false,
} as const;
const stampSchema = {
  anyOf: [
    {
      type: 'object',
      properties: { time: dateStr, user: str() },
      required: ['time', 'user'],
      additionalProperties: false,
    },
    { type: 'null' },
  ],
} as const;

/** data.order as a body may carry it: every field optional (create's required ones are rules, with the spec's words). */
export const OrderCoreInputSchema = {
  type: 'object',
  properties: {
    orderDef: { type: 'string', enum: ['int', 'ext', ''] },
    orderType: { type: 'string', enum: ['', ...Object.keys(ORDER_TYPES)] },
    status: { type: 'integer', minimum: 0, maximum: 8 },
    pickupLN: str(100),
    destinationLN: str(100),
    preferredDelivery: dateStr,
    preferredPickup: dateStr,
    pickupDate: dateStr,
    deliveryDate: dateStr,
    dropoffDate: dateStr,
    dateApproved: dateStr,
    pickupType: { type: 'string', enum: ['', ...Object.keys(PICKUP_TYPES)] },
    pickupRoute: str(),
    route: str(),
    driver: {
      type: 'object',
      properties: { pickup: str(), delivery: str(), pickupChange: dateStr },
      additionalProperties: false,
    },
    vehicle: {
      type: 'object',
      properties: { pickup: str(), delivery: str() },
      additionalProperties: false,
    },
    weight: { type: 'string', pattern: '^\\d{0,6}$' },
    notes: str(4000),
    billingNotes: str(4000),
    rejected: { type: 'integer', minimum: 0, maximum: 8 },
    rejectedText: str(4000),
    rejectedDate: dateStr,
    exception: str(4000),
    cashReturn: { type: 'boolean' },
    checkedin: stampSchema,
    checkedout: stampSchema,
    signature: {
      type: 'object',
      properties: {
        pickup: signatureSchema,
        driver: signatureSchema,
        customer: signatureSchema,
        dropoff: signatureSchema,
      },
      additionalProperties: false,
    },
    paper: { type: 'object', additionalProperties: { type: 'boolean' }, maxProperties: 400 },
    showAllRoutes: { type: 'boolean' },
    showAllRoutesPickup: { type: 'boolean' },
  },
  additionalProperties: false,
} as const;

export const OrderBillingSchema = {
  type: 'object',
  properties: {
    invoice: str(100),
    amount: { anyOf: [{ type: 'number' }, { type: 'string', maxLength: 20 }] },
    method: str(100),
    methodSelect: { type: 'string', enum: ['', ...BILLING_METHODS] },
    methodSelectId: str(100),
    manifest: str(100),
    gpsinvoice: str(100),
  },
  additionalProperties: false,
} as const;

export const OrderDataInputSchema = {
  type: 'object',
  properties: {
    order: OrderCoreInputSchema,
    pickupCompany: licenceCopySchema,
    destCompany: licenceCopySchema,
    billing: OrderBillingSchema,
  },
  additionalProperties: false,
} as const;

const sourceSchema = { type: 'string', enum: [...ORDER_SOURCES] } as const;
const idSchema = { type: 'string', minLength: 1, maxLength: 64 } as const;
const versionSchema = { type: 'integer', minimum: 0 } as const;

export const OrderCreateBodySchema = {
  type: 'object',
  properties: {
    order: {
      type: 'object',
      properties: {
        data: { ...OrderDataInputSchema, required: ['order'] },
        source: sourceSchema,
        // staff only: create past the initial statuses, the reason recorded in the ledger (orders README)
        override: GateOverrideSchema,
      },
      required: ['data'],
      additionalProperties: false,
    },
  },
  required: ['order'],
  additionalProperties: false,
} as const;

export const OrderUpdateBodySchema = {
  type: 'object',
  properties: {
    order: {
      type: 'object',
      properties: { id: idSchema, version: versionSchema, data: OrderDataInputSchema, source: sourceSchema },
      required: ['id', 'version', 'data'],
      additionalProperties: false,
    },
  },
  required: ['order'],
  additionalProperties: false,
} as const;

export const OrderIdBodySchema = {
  type: 'object',
  properties: {
    order: {
      type: 'object',
      properties: { id: idSchema, version: versionSchema },
      required: ['id'],
      additionalProperties: false,
    },
  },
  required: ['order'],
  additionalProperties: false,
} as const;

export const OrderCancelBodySchema = {
  type: 'object',
  properties: {
    order: {
      type: 'object',
      properties: {
        id: idSchema,
        version: versionSchema,
        cancelReason: { type: 'string', enum: [...CANCEL_REASONS] },
      },
      required: ['id'],
      additionalProperties: false,
    },
  },
  required: ['order'],
  additionalProperties: false,
} as const;

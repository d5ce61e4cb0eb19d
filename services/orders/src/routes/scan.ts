import type { FastifyRequest } from 'fastify';
import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import {
  CheckInBodySchema,
  CheckOutBodySchema,
  DeliveredBodySchema,
  PickedUpBodySchema,
  Role,
  STAFF_ROLES,
  type CheckInBody,
  type CheckOutBody,
  type DeliveredBody,
  type PickedUpBody,
} from '@portal/contracts';
import { Type } from 'typebox';
import { callerOf } from '../domain/order-access.js';
import { forViewer, toOrderDto } from '../domain/order-view.js';
import { runScanStep, type ScanResult } from '../domain/scan/run.js';
import {
  paperDelivery,
  planCheckIn,
  planCheckOut,
  planDelivered,
  planPickedUp,
} from '../domain/scan/steps.js';
import * as S from '../schemas/order.js';
import type { OrderDoc } from '../models/order.js';

const tags = ['orders'];
/** Check-out: the non-driver roles (orders §6 "other non-driver roles"), staff included to override the gate. */
const CHECKOUT_ROLES = [Role.SuperAdmin, Role.Admin, Role.AccountAdmin, Role.User];
/** The hand-over steps: staff and the order's drivers. */
const HANDOVER_ROLES = [Role.SuperAdmin, Role.Admin, Role.Driver];

const ScanAnswer = Type.Object({
  message: Type.String(),
  replayed: Type.Optional(Type.Boolean()),
  unchanged: Type.Optional(Type.Boolean()),
  /** The advisory gate let the step through with items missing (recorded in the ledger). */
  warning: Type.Optional(Type.String()),
  data: S.OrderAnswer.properties.data,
});
const GateAnswer = Type.Object({
  ...ProblemSchema.properties,
  missing: Type.Optional(Type.Array(Type.String())),
  overridable: Type.Optional(Type.Boolean()),
});
const response = { 200: ScanAnswer, ...S.errors, 409: GateAnswer };

/**
 * Barcode check-in / check-out and the driver's hand-over steps: POST /orders/checkin
 * (staff), /orders/checkout (non-drivers), /orders/pickedup and /orders/delivered (staff and the order's drivers).
 * Each is a custody step, idempotent by `scanId`, behind the custody gate (domain/custody-gate.ts) as the site's
 * policy sets it. Delivered also takes `paper: {name}`: staff record a delivery signed on paper, with a reason.
 */
export const scanRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = () => ({ appUrl: String(app.env.APP_URL) });
  const answer = (r: FastifyRequest, res: ScanResult) => ({
    message: res.message,
    ...(res.replayed ? { replayed: true } : {}),
    ...(res.unchanged ? { unchanged: true } : {}),
    ...(res.warning ? { warning: res.warning } : {}),
    data: { order: forViewer(toOrderDto(res.order), r.user.role) },
  });
  const caller = (r: FastifyRequest) => callerOf(r.user, r.headers.authorization);

  // the bodies are checked by contracts' JSON Schemas (custody-scan.ts), typed by its interfaces
  app.post(
    '/orders/checkin',
    { config: { roles: STAFF_ROLES }, schema: { tags, body: CheckInBodySchema, response } },
    async (r) => {
      const [c, b] = [await caller(r), r.body as CheckInBody];
      return answer(r, await runScanStep(c, b, (o, now) => planCheckIn(o, c, !!b.undo, now), deps()));
    },
  );
  app.post(
    '/orders/checkout',
    { config: { roles: CHECKOUT_ROLES }, schema: { tags, body: CheckOutBodySchema, response } },
    async (r) => {
      const [c, b] = [await caller(r), r.body as CheckOutBody];
      return answer(r, await runScanStep(c, b, (o, now) => planCheckOut(o, c, b, now), deps()));
    },
  );
  app.post(
    '/orders/pickedup',
    { config: { roles: HANDOVER_ROLES }, schema: { tags, body: PickedUpBodySchema, response } },
    async (r) => {
      const [c, b] = [await caller(r), r.body as PickedUpBody];
      return answer(r, await runScanStep(c, b, (o, now) => planPickedUp(o, c, now), deps()));
    },
  );
  app.post(
    '/orders/delivered',
    { config: { roles: HANDOVER_ROLES }, schema: { tags, body: DeliveredBodySchema, response } },
    async (r) => {
      const [c, b] = [await caller(r), r.body as DeliveredBody];
      const paper = paperDelivery(c, b); // signed on paper: staff with a reason, checked before any read
      const plan = (o: OrderDoc, now: Date) => planDelivered(o, c, b.signature, now, paper);
      return answer(r, await runScanStep(c, b, plan, deps()));
    },
  );
};

import { Type } from 'typebox';
import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { ALL_ROLES, LabelsBodySchema, Role, type LabelsBody } from '@portal/contracts';
import { callerOf } from '../domain/order-access.js';
import { printLabels } from '../domain/labels/print.js';
import { errors } from '../schemas/order.js';

/** Everyone but drivers prints labels (orders §6: drivers "cannot cancel or print labels"). */
export const LABEL_PRINTERS = ALL_ROLES.filter((r) => r !== Role.Driver);

/** A refused label's problem: the spec's heading in `detail`, and the two statuses the crossed-out label shows. */
const LabelProblem = Type.Object({
  ...ProblemSchema.properties,
  currentStatus: Type.Optional(Type.String()),
  allowedStatus: Type.Optional(Type.String()),
});

/**
 * Labels (orders §2 Labels): POST /orders/labels {id, count?} → ONE PDF, a page per box.
 * The count and the tenancy are the domain's; the answer carries the order's new version (the print is a ledger
 * entry) so an open form keeps saving without a conflict.
 */
export const labelsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/orders/labels',
    {
      config: { roles: LABEL_PRINTERS },
      schema: { tags: ['orders'], body: LabelsBodySchema, response: { ...errors, 409: LabelProblem } },
    },
    async (request, reply) => {
      const caller = await callerOf(request.user, request.headers.authorization);
      const printed = await printLabels(caller, request.body as LabelsBody, {
        appUrl: String(app.env.APP_URL),
      });
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="labels-${printed.order.orderId}.pdf"`)
        .header('cache-control', 'no-store')
        .header('x-order-version', String(printed.order.version))
        .header('x-label-count', String(printed.count))
        .send(Buffer.from(printed.pdf) as never); // bytes, not serialised
    },
  );
};

import { ALL_ROLES, CustodyAnswerSchema } from '@portal/contracts';
import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { callerOf } from '../domain/order-access.js';
import { custodyOf } from '../domain/custody/read.js';
import { errors, IdParams } from '../schemas/order.js';

/**
 * The custody report: GET /orders/:id/custody (JSON) and /orders/:id/custody.pdf (printable). Whoever
 * may read the order may read its chain (every role; tenancy in the domain: 404 otherwise).
 */
export const custodyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const config = { roles: ALL_ROLES };
  app.get(
    '/orders/:id/custody',
    {
      config,
      schema: { tags: ['orders'], params: IdParams, response: { 200: CustodyAnswerSchema, ...errors } },
    },
    async (request) => ({
      data: await custodyOf(await callerOf(request.user, request.headers.authorization), request.params.id),
    }),
  );
  app.get(
    '/orders/:id/custody.pdf',
    { config, schema: { tags: ['orders'], params: IdParams, response: errors } },
    async (request, reply) => {
      const report = await custodyOf(
        await callerOf(request.user, request.headers.authorization),
        request.params.id,
      );
      // pdf-lib loads with the first report, not with the service
      const { renderCustodyPdf } = await import('../domain/custody/pdf.js');
      const pdf = await renderCustodyPdf(report);
      return reply
        .type('application/pdf')
        .header('content-disposition', `inline; filename="custody-${report.orderId}.pdf"`)
        .header('cache-control', 'no-store')
        .send(Buffer.from(pdf) as never); // bytes, not serialised
    },
  );
};

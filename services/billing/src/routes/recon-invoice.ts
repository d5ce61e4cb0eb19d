import { ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { ALL_ROLES, canManageBilling } from '@portal/contracts';
import { reportByOf } from '@portal/contracts/billing';
import { printRecon } from '../domain/recon/print.js';
import { rangeOf, reconRows, vendorOf } from '../domain/recon/read.js';

const errors = {
  200: Type.Unknown(),
  201: Type.Unknown(),
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
};
const VendorLN = Type.String({ minLength: 1, maxLength: 60, errorMessage: 'vendorLN is required' });
const Day = Type.String({ maxLength: 20 });

const fileName = (s: string) => s.replace(/[^A-Za-z0-9._-]+/g, '-');

/** The print stamp (POST /billing/recon/print) and the invoice export (GET /billing/invoice): staff only. */
export const reconInvoiceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const roles = ALL_ROLES.filter(canManageBilling);

  app.post(
    '/billing/recon/print',
    {
      config: { roles },
      schema: {
        tags: ['billing'],
        body: Type.Object({
          vendorLN: VendorLN,
          from: Day,
          to: Day,
          courierName: Type.Optional(Type.String({ maxLength: 200 })),
          vendorName: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: errors,
      },
    },
    async (request, reply) => {
      const { print, created } = await printRecon(request.user, request.body);
      return reply.code(created ? 201 : 200).send({ data: { print, created } });
    },
  );

  app.get(
    '/billing/invoice',
    {
      config: { roles },
      schema: {
        tags: ['billing'],
        querystring: Type.Object({
          vendorLN: VendorLN,
          from: Type.Optional(Day),
          to: Type.Optional(Day),
          format: Type.Optional(
            Type.Union([Type.Literal('pdf'), Type.Literal('csv')], {
              errorMessage: 'format must be pdf or csv',
            }),
          ),
          courierName: Type.Optional(Type.String({ maxLength: 200 })),
          vendorName: Type.Optional(Type.String({ maxLength: 200 })),
        }),
        response: errors,
      },
    },
    async (request, reply) => {
      const q = request.query;
      const { from, to } = rangeOf(q);
      const vendorLN = q.vendorLN.trim();
      const { orders, rows, totals } = await reconRows(vendorLN, from, to);
      const vendor = await vendorOf(vendorLN, orders, null);
      const inv = { vendor, from, to, rows, totals, reportBy: reportByOf(new Date()) };
      const base = fileName(`invoice-${vendorLN}-${from}-${to}`);
      // pdf-lib loads with the first invoice asked, not with the service
      const { invoiceCsv, invoicePdf } = await import('../domain/recon/invoice.js');
      if (q.format === 'csv') {
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${base}.csv"`)
          .send(invoiceCsv(inv));
      }
      const pdf = await invoicePdf(inv, { courier: q.courierName, vendor: q.vendorName });
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${base}.pdf"`)
        .send(Buffer.from(pdf));
    },
  );
};

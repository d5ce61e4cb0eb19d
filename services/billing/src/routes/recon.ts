import { Problem, ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { ALL_ROLES, canManageBilling } from '@portal/contracts';
import { BillingMessages } from '@portal/contracts/billing';
import { customerCache, type AccountingEnv } from '../adapters/accounting.js';
import { reconcile } from '../domain/recon/read.js';
import { MonthCache, NameCache } from '../domain/recon/month-cache.js';
import { listVendors, vendorMismatches } from '../domain/recon/vendors.js';
import { reconInvoiceRoutes } from './recon-invoice.js';

const Range = {
  from: Type.Optional(Type.String({ maxLength: 20 })),
  to: Type.Optional(Type.String({ maxLength: 20 })),
};
const ReconFields = {
  vendorLN: Type.Optional(Type.String({ maxLength: 60 })),
  ...Range,
  registeredOnly: Type.Optional(Type.Boolean()),
  after: Type.Optional(Type.String({ maxLength: 200 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 250, errorMessage: 'limit must be 1 to 250' })),
};
/** The spec's `{opts}` wrapper or the fields themselves. */
const ReconBody = Type.Object({ ...ReconFields, opts: Type.Optional(Type.Object(ReconFields)) });
const errors = {
  200: Type.Unknown(),
  201: Type.Unknown(),
  400: ProblemSchema,
  401: ProblemSchema,
  403: ProblemSchema,
  404: ProblemSchema,
};

/**
 * Billing reconciliation (orders spec §2, §7 POST /orders/reconciliation {opts}), the vendor picker and the accounting
 * compare. Staff only (§6: canManageBilling, roles 0 and 1). Invoices and the print stamp: recon-invoice.ts.
 */
export const reconRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const roles = ALL_ROLES.filter(canManageBilling);
  const compare = customerCache(app.env as unknown as AccountingEnv);
  const ttl = Number((app.env as { RECON_CACHE_MS?: number }).RECON_CACHE_MS ?? 5000);
  const months = new MonthCache(ttl > 0);
  const names = new NameCache(ttl ? Math.max(ttl, 60_000) : 0);

  app.post(
    '/orders/reconciliation',
    { config: { roles }, schema: { tags: ['billing'], body: ReconBody, response: errors } },
    async (request) => {
      const { opts, ...fields } = request.body;
      const q = opts ?? fields;
      if (!q.vendorLN?.trim()) throw new Problem(400, 'vendorLN is required');
      return { data: await reconcile({ ...q, vendorLN: q.vendorLN }, compare, months, names) };
    },
  );

  app.get(
    '/billing/vendors',
    {
      config: { roles },
      schema: {
        tags: ['billing'],
        querystring: Type.Object({
          registeredOnly: Type.Optional(Type.Boolean()),
          q: Type.Optional(Type.String({ maxLength: 100 })),
        }),
        response: errors,
      },
    },
    async (request) => ({ data: await listVendors(request.query, compare) }),
  );

  app.get(
    '/billing/compare',
    { config: { roles }, schema: { tags: ['billing'], response: errors } },
    async () => {
      const list = await compare.refresh();
      if (!list.ok) return { data: { available: false, message: BillingMessages.compareUnavailable } };
      return { data: { available: true, mismatches: await vendorMismatches(list.customers) } };
    },
  );

  await app.register(reconInvoiceRoutes);
};

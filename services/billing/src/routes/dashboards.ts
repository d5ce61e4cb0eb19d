import { Problem, ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { Role, STAFF_ROLES, isStaff, type RoleNumber } from '@portal/contracts';
import { DashboardWords, OperationsDashboard, VendorDashboard } from '@portal/contracts/billing';
import { companyKeysOf } from '../readmodels/member.js';
import { cached, operationsDashboard, rangeOf, vendorDashboard } from '../domain/dashboards/read.js';
import { vendorExportFile, vendorExportRows } from '../domain/dashboards/export.js';

/** from/to are checked by rangeProblem (the shared words), not by the schema. */
const Query = Type.Object(
  {
    from: Type.Optional(Type.String({ maxLength: 10, errorMessage: 'from must be a date (YYYY-MM-DD)' })),
    to: Type.Optional(Type.String({ maxLength: 10, errorMessage: 'to must be a date (YYYY-MM-DD)' })),
    vendorLN: Type.Optional(
      Type.String({ maxLength: 60, errorMessage: 'vendorLN must be a licence number' }),
    ),
  },
  { additionalProperties: false },
);
const errors = { 400: ProblemSchema, 401: ProblemSchema, 403: ProblemSchema };
const ExportQuery = Type.Object(
  {
    ...Query.properties,
    /** csv (default) or xlsx; checked in the handler (a querystring union has no message of its own). */
    format: Type.Optional(Type.String({ maxLength: 8 })),
  },
  { additionalProperties: false },
);
const VENDOR_ROLES = [...STAFF_ROLES, Role.AccountAdmin, Role.User];

/**
 * The dashboards: operations for staff; a company's own for roles 3 and 4. A company caller's figures
 * are their company's only (companyKeysOf the token's user); a `vendorLN` they send is ignored. Staff see a vendor's
 * view by naming it with `vendorLN`.
 */
export const dashboardRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/billing/dashboard/operations',
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags: ['dashboards'],
        querystring: Query,
        response: { 200: OperationsDashboard, ...errors },
      },
    },
    async (request) => {
      const range = rangeOf(request.query);
      const data = await cached(`ops|${range.from}|${range.to}`, () => operationsDashboard(range));
      return { data };
    },
  );

  app.get(
    '/billing/dashboard/vendor',
    {
      config: { roles: VENDOR_ROLES },
      schema: {
        tags: ['dashboards'],
        querystring: Query,
        response: { 200: VendorDashboard, ...errors },
      },
    },
    async (request) => {
      const range = rangeOf(request.query);
      const { staff, vendorLN, keys } = await whose(request);
      const who = staff ? `ln:${vendorLN}` : `user:${request.user.sub}`;
      const data = await cached(`vendor|${who}|${request.user.role}|${range.from}|${range.to}`, () =>
        vendorDashboard(keys, range, request.user.role),
      );
      return { data };
    },
  );

  // "My Reports" export (orders §2 "reports, userreports"): the same company's orders as the dashboard, one line
  // each, CSV or xlsx; a company user's own only (vendorLN ignored), staff name the vendor.
  app.get(
    '/billing/dashboard/vendor/export',
    {
      config: { roles: VENDOR_ROLES },
      schema: {
        tags: ['dashboards'],
        querystring: ExportQuery,
        response: { 200: Type.Unknown(), ...errors },
      },
    },
    async (request, reply) => {
      const range = rangeOf(request.query);
      const { staff, vendorLN, keys } = await whose(request);
      const format = request.query.format ?? 'csv';
      if (format !== 'csv' && format !== 'xlsx') throw new Problem(400, 'format must be csv or xlsx');
      const rows = await vendorExportRows(keys, range, request.user.role);
      const { body, contentType } = await vendorExportFile(rows, format);
      const who = staff ? vendorLN.replace(/[^A-Za-z0-9-]+/g, '-') : 'my';
      return reply
        .header('content-type', contentType)
        .header(
          'content-disposition',
          `attachment; filename="${who}-orders-${range.from}-${range.to}.${format}"`,
        )
        .send(body);
    },
  );
};

/** Whose figures: a company user's own company (any vendorLN ignored); staff must name one (400 otherwise). */
async function whose(request: {
  user: { sub: string; email: string; role: RoleNumber };
  query: { vendorLN?: string };
}) {
  const staff = isStaff(request.user.role);
  const vendorLN = (request.query.vendorLN ?? '').trim();
  if (staff && !vendorLN) throw new Problem(400, DashboardWords.chooseVendor);
  const keys = staff ? [vendorLN] : await companyKeysOf(request.user);
  return { staff, vendorLN, keys };
}

import { Problem, ProblemSchema, type FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { Role, STAFF_ROLES, isStaff } from '@portal/contracts';
import { DashboardWords, OperationsDashboard, VendorDashboard } from '@portal/contracts/billing';
import { companyKeysOf } from '../models/member.js';
import { cached, operationsDashboard, rangeOf, vendorDashboard } from '../domain/dashboards/read.js';

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

/**
 * The dashboards (issue 15): operations for staff; a company's own for roles 3 and 4. A company caller's figures
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
      config: { roles: [...STAFF_ROLES, Role.AccountAdmin, Role.User] },
      schema: {
        tags: ['dashboards'],
        querystring: Query,
        response: { 200: VendorDashboard, ...errors },
      },
    },
    async (request) => {
      const range = rangeOf(request.query);
      const staff = isStaff(request.user.role);
      const vendorLN = (request.query.vendorLN ?? '').trim();
      if (staff && !vendorLN) throw new Problem(400, DashboardWords.chooseVendor);
      const keys = staff ? [vendorLN] : await companyKeysOf(request.user);
      const who = staff ? `ln:${vendorLN}` : `user:${request.user.sub}`;
      const data = await cached(`vendor|${who}|${request.user.role}|${range.from}|${range.to}`, () =>
        vendorDashboard(keys, range, request.user.role),
      );
      return { data };
    },
  );
};

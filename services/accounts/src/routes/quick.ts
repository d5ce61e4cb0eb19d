import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { STAFF_ROLES } from '@portal/contracts';
import { problems } from '../schemas.js';
import { compareCustomers, type AccountingEnv } from '../domain/accounting.js';

/** "Sync Quickbooks" (staff); the comparison is in domain/accounting.ts, the client in adapters/accounting.ts. */
export const quickRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/quick/comparecustomers',
    {
      config: { roles: STAFF_ROLES },
      schema: {
        tags: ['quick'],
        response: {
          200: Type.Object({
            data: Type.Object({ mismatches: Type.Array(Type.String()), checked: Type.Integer() }),
          }),
          ...problems(401, 403, 502),
        },
      },
    },
    async () => ({ data: await compareCustomers(app.env as unknown as AccountingEnv) }),
  );
};

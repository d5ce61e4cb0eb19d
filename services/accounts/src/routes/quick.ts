import type { FastifyPluginAsyncTypebox } from '@portal/service-kit';
import { Type } from 'typebox';
import { Messages, STAFF_ROLES } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { problems } from '../schemas.js';
import { User, type UserDoc } from '../models/user.js';
import { AccountingUnavailable, listCustomers, matchesCustomer } from '../adapters/accounting.js';

/** "Sync Quickbooks": marks company users whose company matches no accounting customer (data.notification.qbMismatch). */
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
    async () => {
      const env = app.env as unknown as {
        ACCOUNTING_URL: string;
        ACCOUNTING_REALM: string;
        ACCOUNTING_TOKEN: string;
      };
      let customers;
      try {
        customers = await listCustomers(env.ACCOUNTING_URL, env.ACCOUNTING_REALM, env.ACCOUNTING_TOKEN);
      } catch (e) {
        if (e instanceof AccountingUnavailable) throw new Problem(502, Messages.accountingUnavailable);
        throw e;
      }
      const users = await User.find({ 'company.Licensee': { $exists: true } }).lean<UserDoc[]>();
      const mismatches: string[] = [];
      for (const u of users) {
        const mismatch = !matchesCustomer(u, customers);
        if (mismatch) mismatches.push(u.email);
        if (u.data?.notification?.qbMismatch !== mismatch) {
          await User.updateOne({ _id: u._id }, { $set: { 'data.notification.qbMismatch': mismatch } });
        }
      }
      return { data: { mismatches: mismatches.sort(), checked: users.length } };
    },
  );
};

import { Type } from 'typebox';
import { reconRoutes } from '../routes/recon.js';
import { ReconPrint } from '../models/recon-print.js';
import type { Part } from './part.js';

/**
 * The recon part (see part.ts): reconciliation, the vendor picker, the accounting compare (ACCOUNTING_*: the
 * same variables as accounts; the local stub on 8930), the print stamp (its outbox model) and the invoice export.
 */
export const reconPart = (): Part => ({
  routes: [reconRoutes],
  models: [ReconPrint],
  env: {
    ACCOUNTING_URL: Type.String({ default: 'http://127.0.0.1:8930' }),
    ACCOUNTING_REALM: Type.String({ default: 'portal-demo' }),
    ACCOUNTING_TOKEN: Type.String({ default: '' }),
    ACCOUNTING_TIMEOUT_MS: Type.Integer({ default: 3000 }),
    /**
     * How long a route or driver name is reused by the reconciliation (at least a minute; domain/recon/month-cache.ts);
     * 0 = no reuse at all, vendor-months too (whose reuse is bounded by their version, not by time).
     */
    RECON_CACHE_MS: Type.Integer({ default: 5000, minimum: 0 }),
  },
});

// The billing benches, run by run.mjs: billing.recon.month (one vendor-month's reconciliation over
// 100,000 projected orders, part recon: lib/billing-recon.mjs) and reports.100k (a 100,000-row report job end to end
// with peak RSS, part reports: lib/reports-100k.mjs). Each returns { rows, notes } like schedule-run.mjs; a part not
// built yet returns none.
import { runParts } from './measure.mjs';

export const runBillingBenches = (ctx) =>
  runParts(ctx, [
    ['billing.recon.month', './billing-recon.mjs', 'runBillingRecon'],
    ['reports.100k', './reports-100k.mjs', 'runReports100k'],
  ]);

// The billing benches of issue 15, run by run.mjs: billing.recon.month (one vendor-month's reconciliation over
// 100,000 projected orders, part recon: lib/billing-recon.mjs) and reports.100k (a 100,000-row report job end to end
// with peak RSS, part reports: lib/reports-100k.mjs). Each returns { rows, notes } like schedule-run.mjs; a part not
// built yet returns none.
const none = { rows: [], notes: [] };

export async function runBillingBenches(ctx) {
  const out = { rows: [], notes: [] };
  for (const [name, file, fn] of [
    ['billing.recon.month', './billing-recon.mjs', 'runBillingRecon'],
    ['reports.100k', './reports-100k.mjs', 'runReports100k'],
  ]) {
    if (!ctx.only(name)) continue;
    const mod = await import(file).catch(() => undefined);
    const r = mod?.[fn] ? await mod[fn](ctx) : none;
    out.rows.push(...r.rows);
    out.notes.push(...r.notes);
  }
  return out;
}

/**
 * Billing's answers moved to the part files of `@portal/contracts/billing` (billing-ops.ts re-exports
 * billing-reports.ts, billing-recon.ts, billing-dashboards.ts): not in the package root, whose browser chunk every
 * page loads. Kept (empty) because index.ts and browser.ts re-export it.
 */
export {};

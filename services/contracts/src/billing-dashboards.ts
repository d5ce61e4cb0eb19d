/**
 * Issue 15, part dashboards: this part's calls (request and answer shapes as plain JSON-schema `as const` objects or types) and
 * words. Owned by the dashboards part; re-exported by billing-ops.ts (`@portal/contracts/billing`).
 */
export {};

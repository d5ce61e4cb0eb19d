import { versionCounter } from './version-counter.js';

/**
 * One counter per vendor-month of the projection (`vendor_month_versions` {_id: vendorMonth, v}, version-counter.ts):
 * bumped by the projection's apply for the order's old and new vendorMonth, after the order is written. The
 * reconciliation's month cache (domain/recon/month-cache.ts) keeps a vendor-month's rows with the version it read
 * before reading them, and reads them again once the counter moved.
 */
const months = versionCounter('BillingVendorMonthVersion', 'vendor_month_versions');
export const VendorMonthVersion = months.model;
export const bumpVendorMonths = months.bump;
export const vendorMonthVersion = months.of;

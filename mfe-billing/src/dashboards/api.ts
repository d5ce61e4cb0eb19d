import type { VehicleListAnswer } from '@portal/contracts';
import type { OperationsDashboard, VendorDashboard, VendorExportFormat } from '@portal/contracts/billing';
import type { ApiClient } from '@portal/ui';

/**
 * The dashboards' calls: billing's GET /api/billing/dashboard/{operations,vendor}?from&to (shapes in
 * @portal/contracts/billing, types only) and fleet's own GET /api/vehicles for the service-due vehicles (staff may
 * read it; billing keeps no copy of fleet data).
 */
export type Range = { from: string; to: string };
export type OperationsData = OperationsDashboard['data'];
export type VendorData = VendorDashboard['data'];

const qs = (r: Range) => `from=${encodeURIComponent(r.from)}&to=${encodeURIComponent(r.to)}`;

export const operationsKey = (r: Range) => ['billing', 'dashboard', 'operations', r.from, r.to] as const;
export const vendorKey = (r: Range) => ['billing', 'dashboard', 'vendor', r.from, r.to] as const;
export const SERVICE_DUE_KEY = ['billing', 'dashboard', 'service-due'] as const;

export const getOperations = (api: ApiClient, r: Range) =>
  api.get<OperationsDashboard>(`/api/billing/dashboard/operations?${qs(r)}`).then((a) => a.data);
export const getVendor = (api: ApiClient, r: Range) =>
  api.get<VendorDashboard>(`/api/billing/dashboard/vendor?${qs(r)}`).then((a) => a.data);
/** My Reports' export: the company's own orders of the range as a file (the service picks the company). */
export const vendorExportPath = (r: Range, format: VendorExportFormat) =>
  `/api/billing/dashboard/vendor/export?${qs(r)}&format=${format}`;

/** Vehicles with at least one service-due alert (fleet computes them on every read). */
export const getServiceDue = (api: ApiClient) =>
  api
    .get<VehicleListAnswer>('/api/vehicles')
    .then((a) => a.data.vehicles.filter((v) => v.due.length > 0 && v.status !== 0 /* inactive */));

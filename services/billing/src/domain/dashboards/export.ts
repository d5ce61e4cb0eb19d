import { ORDER_TYPES, licenceKey, statusNameFor, type OrderStatusNumber } from '@portal/contracts';
import { VENDOR_EXPORT_COLUMNS, type VendorExportFormat } from '@portal/contracts/billing';
import type { ProjectedOrder } from '../../readmodels/order-projection.js';
import { csvLine } from '../reports/writers.js';
import { counts, type DashboardOrder } from './figures.js';
import { each, vendorFilters } from './read.js';

type Cell = string | number;

/**
 * "My Reports" export (/dashboard/userreports): the orders a company sends (pickupLN one of its licence keys) with a
 * delivery day in the range, as the vendor dashboard counts them (deleted ones left out), by delivery day then order
 * ID. Status as the caller's role reads it (an Exception is Order Approved for a company, orders §4). Pure but for
 * the read.
 */
export async function vendorExportRows(
  keys: string[],
  range: { from: string; to: string },
  role: number,
): Promise<Cell[][]> {
  const { from, to } = range;
  const own = new Set(keys.map(licenceKey).filter(Boolean));
  const orders: ProjectedOrder[] = [];
  await each(vendorFilters([...own], from, to), (o: DashboardOrder) => {
    if (!counts(o) || o.deliveryDay < from || o.deliveryDay > to) return;
    if (own.has(licenceKey(o.pickupLN ?? ''))) orders.push(o as unknown as ProjectedOrder);
  });
  orders.sort((a, b) => a.deliveryDay.localeCompare(b.deliveryDay) || a.orderId.localeCompare(b.orderId));
  return orders.map((o) => {
    const b = o.billing ?? ({} as ProjectedOrder['billing']);
    return [
      o.orderId,
      o.deliveryDay,
      statusNameFor(o.status as OrderStatusNumber, role),
      o.destName,
      o.destinationLN,
      ORDER_TYPES[o.orderType as keyof typeof ORDER_TYPES] ?? o.orderType,
      b.dateApproved ?? '',
      b.deliveredDay ?? '',
      b.invoice ?? '',
      Number.isInteger(b.amountCents) ? b.amountCents / 100 : 0,
    ];
  });
}

/** The rows as a file: CSV (RFC 4180, the reports' cell guard, amounts with 2 decimals) or an xlsx sheet. */
export async function vendorExportFile(
  rows: Cell[][],
  format: VendorExportFormat,
): Promise<{ body: Buffer; contentType: string }> {
  if (format === 'csv') {
    const money = (r: Cell[]) => r.map((c, i) => (i === r.length - 1 ? Number(c).toFixed(2) : c));
    const text = [VENDOR_EXPORT_COLUMNS as unknown as Cell[], ...rows.map(money)].map(csvLine).join('');
    return { body: Buffer.from(text, 'utf8'), contentType: 'text/csv; charset=utf-8' };
  }
  // loaded when a workbook is asked for: an idle service does not keep exceljs (~10 MB of heap)
  const { default: ExcelJS } = await import('exceljs');
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet('My orders');
  sheet.addRow([...VENDOR_EXPORT_COLUMNS]).font = { bold: true };
  for (const r of rows) sheet.addRow(r);
  sheet.getColumn(VENDOR_EXPORT_COLUMNS.length).numFmt = '$#,##0.00';
  sheet.columns.forEach((c) => (c.width = 16));
  return {
    body: Buffer.from(await book.xlsx.writeBuffer()),
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  };
}

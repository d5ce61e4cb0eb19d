import { ORDER_STATUS_NAMES, type OrderStatusNumber } from '@portal/contracts';
import {
  ReconWords,
  formatCents,
  type ReconRow,
  type ReconTotals,
  type ReconVendor,
} from '@portal/contracts/billing';
import { escapeHtml } from '@portal/ui';

export interface PrintSheet {
  vendor: ReconVendor;
  from: string;
  to: string;
  rows: ReconRow[];
  totals: ReconTotals;
  courierName: string;
  courierText: string;
  vendorText: string;
  /** When vendor discrepancies must be reported by (the print's answer: its date + 48 hours). */
  reportBy: string;
}

/** The printed reconciliation (HTML for @portal/ui printHtml): header, lines, totals, both signature blocks. */
export function printLayout(s: PrintSheet): string {
  const e = (v: unknown) => escapeHtml(String(v ?? ''));
  const rows = s.rows
    .map(
      (r) =>
        `<tr><td>${e(r.orderId)}${r.counted ? '' : ' *'}${r.settled ? ' †' : ''}</td><td>${e(r.deliveryDay)}</td><td>${e(r.destination)}</td>` +
        `<td>${e(r.routeName)}</td><td>${e(r.driverName)}</td><td>${e(r.invoice)}</td><td>${e(r.method)}</td>` +
        `<td style="text-align:right">${e(formatCents(r.amountCents))}</td>` +
        `<td>${e(ORDER_STATUS_NAMES[r.status as OrderStatusNumber] ?? r.status)}</td></tr>`,
    )
    .join('');
  const methods = s.totals.byMethod
    .map(
      (m) =>
        `<tr><td>${e(m.method)}</td><td>${m.count}</td><td style="text-align:right">${e(formatCents(m.amountCents))}</td></tr>`,
    )
    .join('');
  const routes = s.totals.byRoute
    .map(
      (r) =>
        `<tr><td>${e(r.routeName)}</td><td>${r.count}</td><td style="text-align:right">${e(formatCents(r.amountCents))}</td></tr>`,
    )
    .join('');
  const sign = (label: string, name: string, text: string) =>
    `<div style="margin-top:36px;break-inside:avoid"><p>${e(text)}</p><div style="border-bottom:1px solid #000;width:320px;height:36px"></div>` +
    `<div>${e(label)}${name ? `: ${e(name)}` : ''}</div><div>Date: ____________</div></div>`;
  return (
    `<h1>Billing reconciliation: ${e(s.vendor.name)}</h1>` +
    `<p>License ${e(s.vendor.licenseNumber)} · Period ${e(s.from)} to ${e(s.to)}</p>` +
    '<table><thead><tr><th>Order</th><th>Delivery day</th><th>Destination</th><th>Route</th><th>Driver</th>' +
    `<th>Invoice</th><th>Method</th><th>Amount</th><th>Status</th></tr></thead><tbody>${rows}</tbody></table>` +
    (s.rows.some((r) => !r.counted) ? '<p>* not delivered or rejected yet: outside the totals</p>' : '') +
    (s.rows.some((r) => r.settled) ? `<p>† ${e(ReconWords.settled)}</p>` : '') +
    `<h2>Totals by method</h2><table><tbody>${methods}</tbody></table>` +
    `<h2>Totals by route</h2><table><tbody>${routes}</tbody></table>` +
    `<h2>Grand total: ${s.totals.count} orders, ${e(formatCents(s.totals.amountCents))}</h2>` +
    `<p data-testid="recon-print-notice"><strong>${e(ReconWords.discrepancyNotice(s.reportBy))}</strong></p>` +
    sign('Courier signature', s.courierName, s.courierText) +
    sign('Vendor signature', s.vendor.name, s.vendorText)
  );
}

import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { ORDER_STATUS_NAMES, type OrderStatusNumber } from '@portal/contracts';
import {
  ReconWords,
  formatCents,
  type ReconRow,
  type ReconTotals,
  type ReconVendor,
} from '@portal/contracts/billing';

/**
 * The invoice export per vendor and period: CSV (RFC 4180) and PDF (pdf-lib). Both take the rows and totals the screen
 * shows (read.ts reconRows → rules.ts totalsOf: one computation), so the figures always agree.
 */
export interface Invoice {
  vendor: ReconVendor;
  from: string;
  to: string;
  rows: ReconRow[];
  totals: ReconTotals;
  /** When vendor discrepancies must be reported by (contracts reportByOf: the invoice's making + 48 hours). */
  reportBy: string;
}
const statusName = (s: number) => ORDER_STATUS_NAMES[s as OrderStatusNumber] ?? String(s);
const dollars = (c: number) => (c / 100).toFixed(2); // exact for integer cents (no float sum involved)

/** A CSV cell: quoted when needed; a cell a spreadsheet would run as a formula (= + - @, tab, CR) gets a leading '. */
export function csvCell(v: unknown): string {
  let s = v === undefined || v === null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
const line = (cells: unknown[]) => cells.map(csvCell).join(',');

export function invoiceCsv(inv: Invoice): string {
  const out = [
    line([
      'Vendor',
      inv.vendor.name,
      'License',
      inv.vendor.licenseNumber,
      'Period',
      `${inv.from} to ${inv.to}`,
    ]),
    line([
      'Order',
      'Delivery day',
      'Destination',
      'Route',
      'Driver',
      'Invoice',
      'Method',
      'Amount',
      'Status',
      'Counted',
      'Reconciled',
    ]),
    ...inv.rows.map((r) =>
      line([
        r.orderId,
        r.deliveryDay,
        r.destination,
        r.routeName,
        r.driverName,
        r.invoice,
        r.method,
        dollars(r.amountCents),
        statusName(r.status),
        r.counted ? 'yes' : 'no',
        r.recon ? `${r.recon.date} ${r.recon.user}` : '',
      ]),
    ),
    '',
    line(['Method', 'Orders', 'Amount']),
    ...inv.totals.byMethod.map((m) => line([m.method, m.count, dollars(m.amountCents)])),
    '',
    line(['Route', 'Orders', 'Amount']),
    ...inv.totals.byRoute.map((r) => line([r.routeName, r.count, dollars(r.amountCents)])),
    '',
    line(['Total', inv.totals.count, dollars(inv.totals.amountCents)]),
    '',
    line([ReconWords.discrepancyNotice(inv.reportBy)]),
  ];
  return out.join('\r\n') + '\r\n';
}

const W = 612;
const H = 792;
const M = 40;

/** Draws text, cut to fit `width` (Helvetica is WinAnsi: characters it cannot encode become '?'). */
function put(page: PDFPage, font: PDFFont, text: string, x: number, y: number, size = 9, width = 500) {
  let s = text.replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
  while (s && font.widthOfTextAtSize(s, size) > width) s = s.slice(0, -1);
  page.drawText(s, { x, y, size, font, color: rgb(0, 0, 0) });
}

export async function invoicePdf(inv: Invoice, signatures: { courier?: string; vendor?: string } = {}) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Invoice ${inv.vendor.name} ${inv.from} to ${inv.to}`);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page = pdf.addPage([W, H]);
  let y = H - M;
  const next = (dy: number) => {
    y -= dy;
    if (y < M + 20) {
      page = pdf.addPage([W, H]);
      y = H - M;
    }
  };
  put(page, bold, `Invoice: ${inv.vendor.name}`, M, y, 14);
  next(18);
  put(page, font, `License ${inv.vendor.licenseNumber}    Period ${inv.from} to ${inv.to}`, M, y, 10);
  next(22);
  const cols: [string, number, number][] = [
    ['Order', M, 70],
    ['Day', M + 72, 58],
    ['Destination', M + 132, 120],
    ['Route', M + 254, 80],
    ['Invoice', M + 336, 60],
    ['Method', M + 398, 70],
    ['Amount', M + 470, 62],
  ];
  const header = () => {
    for (const [t, x, w] of cols) put(page, bold, t, x, y, 9, w);
    next(14);
  };
  header();
  for (const r of inv.rows) {
    const cells = [
      r.orderId,
      r.deliveryDay,
      r.destination,
      r.routeName,
      r.invoice,
      r.method,
      formatCents(r.amountCents),
    ];
    cells.forEach((c, i) =>
      put(page, font, c + (i === 0 && !r.counted ? ' *' : ''), cols[i]![1], y, 8, cols[i]![2]),
    );
    next(12);
    if (y > H - M - 1) header();
  }
  if (inv.rows.some((r) => !r.counted)) {
    put(page, font, '* not delivered or rejected yet: outside the totals', M, y, 8);
    next(14);
  }
  next(8);
  put(page, bold, 'Totals by method', M, y, 10);
  next(14);
  for (const m of inv.totals.byMethod) {
    put(page, font, `${m.method}: ${m.count} orders, ${formatCents(m.amountCents)}`, M, y, 9);
    next(12);
  }
  next(6);
  put(
    page,
    bold,
    `Grand total: ${inv.totals.count} orders, ${formatCents(inv.totals.amountCents)}`,
    M,
    y,
    11,
  );
  next(18);
  put(page, font, ReconWords.discrepancyNotice(inv.reportBy), M, y, 9);
  next(30);
  const sign = (label: string, name = '') => {
    page.drawLine({ start: { x: M, y }, end: { x: M + 250, y }, thickness: 0.5, color: rgb(0, 0, 0) });
    put(page, font, `${label}${name ? `: ${name}` : ''}`, M, y - 12, 9);
    next(44);
  };
  sign('Courier signature', signatures.courier);
  sign('Vendor signature', signatures.vendor);
  return pdf.save({ useObjectStreams: false });
}

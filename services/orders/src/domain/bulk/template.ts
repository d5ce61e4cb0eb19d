import * as XLSX from '@e965/xlsx';
import { ORDER_TYPES } from '@portal/contracts';
import { BULK_HEADINGS, BULK_MAX_ROWS } from './columns.js';

const DAY = 86_400_000;

/** "Download Template" (orders §2, §7): the headings, one example row, and a second sheet that explains them. */
export function templateWorkbook(now = new Date()): Buffer {
  // the example's dates are in the future so the example row itself would pass
  const delivery = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) + 7 * DAY);
  const pickup = new Date(delivery.getTime() - DAY);
  const ymd = (d: Date) => d.toISOString().slice(0, 10);
  const example = [
    'ext',
    '000-00000',
    'Deliver to the back door',
    'layover',
    '000-00000',
    ymd(delivery),
    ymd(pickup),
    3,
    125.5,
    'INV-1001',
    'Net Terms',
    '',
  ];
  const sheet = XLSX.utils.aoa_to_sheet([BULK_HEADINGS, example]);
  sheet['!cols'] = BULK_HEADINGS.map((h) => ({ wch: Math.max(14, h.length + 2) }));
  const help = XLSX.utils.aoa_to_sheet([
    ['Column', 'What to enter'],
    ['Order Definition', 'int (Internal) or ext (External)'],
    ['Destination License', "The receiver's licence number, as in the licence list"],
    ['Notes', 'Free text'],
    [
      'Order Type',
      Object.entries(ORDER_TYPES)
        .map(([k, v]) => `${k} (${v})`)
        .join(', '),
    ],
    ['Originating License', "One of your company's licence numbers"],
    ['Prefered Delivery Date', 'YYYY-MM-DD or M/D/YYYY (a date cell works too)'],
    ['Prefered Pickup Date', 'YYYY-MM-DD or M/D/YYYY, not after the delivery date'],
    ['Weight/BoxCount', 'Number of boxes, 1 or more (default 1); the heading "Box Count" works too'],
    ['Billing Amount', 'Amount in US dollars'],
    ['Billing Invoice #', 'Your invoice number'],
    ['Billing Method', 'Net Terms, Check {number}, Cash {number} or Samples'],
    ['Manifest', 'Manifest number'],
    [
      '',
      `Only the first sheet is read; at most ${BULK_MAX_ROWS.toLocaleString('en-US')} rows; formulas are refused.`,
    ],
  ]);
  help['!cols'] = [{ wch: 24 }, { wch: 90 }];
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, sheet, 'Orders');
  XLSX.utils.book_append_sheet(wb, help, 'How to fill');
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

import type { Vehicle as VehicleView, VehicleData } from '@portal/contracts';

type Kind = 'text' | 'number' | 'date' | 'boolean';
interface Column {
  header: string;
  kind: Kind;
  width: number;
  value(v: VehicleView): string | number | boolean | Date | null;
}

const day = (s: string): Date | null => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? new Date(`${s}T00:00:00Z`) : null);
const text = (header: string, key: keyof VehicleData, width = 14): Column => ({
  header,
  kind: 'text',
  width,
  value: (v) => String(v.data[key] ?? ''),
});
const flag = (header: string, key: keyof VehicleData): Column => ({
  header,
  kind: 'boolean',
  width: 10,
  value: (v) => Boolean(v.data[key]),
});
const miles = (header: string, key: keyof VehicleData): Column => ({
  header,
  kind: 'number',
  width: 14,
  value: (v) => Number(v.data[key] ?? 0),
});

/**
 * The fleet workbook's columns, in the fleet table's order: numbers as numbers, days as dates (Excel sorts and
 * filters them as such), flags as booleans, an unknown day as an empty cell.
 */
export const EXPORT_COLUMNS: Column[] = [
  { header: 'Name', kind: 'text', width: 24, value: (v) => v.name },
  { header: 'License Plate', kind: 'text', width: 14, value: (v) => v.lic },
  { header: 'VIN', kind: 'text', width: 20, value: (v) => v.vin },
  { header: 'Year', kind: 'number', width: 8, value: (v) => v.year },
  { header: 'Status', kind: 'text', width: 10, value: (v) => (v.status === 1 ? 'Active' : 'Inactive') },
  { header: 'Mileage', kind: 'number', width: 12, value: (v) => v.mileage },
  flag('Reg. Paperwork', 'regpaperwork'),
  { header: 'Registration Expiry', kind: 'date', width: 14, value: (v) => day(v.data.reg_exp) },
  { header: 'Insurance Expiry', kind: 'date', width: 14, value: (v) => day(v.data.insurance) },
  text('AAA ID', 'aaa_id'),
  text('Tire Size', 'tiresize'),
  miles('Last Oil Change (mi)', 'mileage_loc'),
  miles('Last Tire Change (mi)', 'mileage_tirechange'),
  miles('Last Brake Change (mi)', 'mileage_brakes'),
  flag('Winter Tires', 'wintertires'),
  flag('Spare', 'spare'),
  flag('Chains', 'chains'),
  text('Autosock Size', 'autosocksize'),
  flag('Camera', 'camera'),
  flag('Alarm', 'alarm'),
  text('Radius', 'radius', 8),
  text('Owner Status', 'ownerstatus', 10),
  flag('Cash Van', 'cashVan'),
  flag('Pickup Van', 'pickupVan'),
  text('Radius Notes', 'vRadius'),
  text('Additional Maintenance', 'add_maint', 30),
  text('Notes', 'notes', 30),
  text('Maintenance Notes', 'maint', 30),
  { header: 'Service Due', kind: 'text', width: 40, value: (v) => v.due.map((d) => d.label).join('; ') },
];

const FORMATS: Partial<Record<Kind, string>> = { number: '#,##0', date: 'yyyy-mm-dd' };

/** GET /vehicles/export.xlsx: one sheet "Fleet", a header row, one row per vehicle as the list shows it. */
export async function fleetWorkbook(vehicles: VehicleView[]): Promise<Buffer> {
  // loaded when a workbook is asked for: an idle service does not keep exceljs (~10 MB of heap)
  const { default: ExcelJS } = await import('exceljs');
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Portal fleet';
  const sheet = wb.addWorksheet('Fleet', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = EXPORT_COLUMNS.map((c) => ({
    header: c.header,
    width: c.width,
    ...(FORMATS[c.kind] ? { style: { numFmt: FORMATS[c.kind] } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const v of vehicles) sheet.addRow(EXPORT_COLUMNS.map((c) => c.value(v)));
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: EXPORT_COLUMNS.length } };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export const exportFileName = (today: Date) => `fleet-${today.toISOString().slice(0, 10)}.xlsx`;

import type { ColDef, ValueFormatterParams, ValueParserParams } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { OWNER_STATUSES, VEHICLE_RADII, type ServiceDueKind, type Vehicle } from '@portal/contracts';
import { NumberCell } from '@portal/ui';

// The grid's editors are text and select only (@portal/ui registers those modules): numbers, dates and yes/no are
// typed as text or picked from a list and parsed here; a value that does not parse keeps the old one.
const numberParser = (p: ValueParserParams<Vehicle>) => {
  const n = Number(String(p.newValue ?? '').replace(/[,\s]/g, ''));
  return String(p.newValue ?? '').trim() !== '' && Number.isFinite(n) && n >= 0 ? n : p.oldValue;
};
const yearParser = (p: ValueParserParams<Vehicle>) => {
  const s = String(p.newValue ?? '').trim();
  return s === '' ? null : /^\d{4}$/.test(s) ? Number(s) : p.oldValue;
};
const dateParser = (p: ValueParserParams<Vehicle>) => {
  const s = String(p.newValue ?? '').trim();
  return s === '' ? '' : /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(s)) ? s : p.oldValue;
};
const miles = (p: ValueFormatterParams<Vehicle>) =>
  p.value == null || p.value === '' ? '' : Number(p.value).toLocaleString('en-US');
const day = (p: ValueFormatterParams<Vehicle>) => (p.value ? String(p.value).slice(0, 10) : '');

const text = (field: string, headerName: string, minWidth = 120): ColDef<Vehicle> => ({
  field: field as ColDef<Vehicle>['field'],
  headerName,
  minWidth,
  editable: true,
});
const mileage = (field: string, headerName: string): ColDef<Vehicle> => ({
  ...text(field, headerName, 130),
  valueParser: numberParser,
  valueFormatter: miles,
  cellRenderer: NumberCell,
});
const date = (field: string, headerName: string): ColDef<Vehicle> => ({
  ...text(field, headerName, 130),
  valueParser: dateParser,
  valueFormatter: day,
});
const yesNo = (field: string, headerName: string): ColDef<Vehicle> => ({
  ...text(field, headerName, 110),
  cellEditor: 'agSelectCellEditor',
  cellEditorParams: { values: [true, false] },
  valueFormatter: (p) => (p.value ? 'Yes' : 'No'),
});
const choice = (field: string, headerName: string, values: string[]): ColDef<Vehicle> => ({
  ...text(field, headerName, 120),
  cellEditor: 'agSelectCellEditor',
  cellEditorParams: { values },
});

// A row is one line high: each alert is a short badge, its full text (miles since, expiry day) in its tooltip.
const SHORT: Record<ServiceDueKind, string> = {
  oil: 'Oil',
  tires: 'Tires',
  brakes: 'Brakes',
  registration: 'Registration',
  insurance: 'Insurance',
};

/** The service-due badges of a row (the service decides what is due; the screen shows it). */
export function DueBadges({ data }: CustomCellRendererProps<Vehicle>) {
  const due = data?.due ?? [];
  if (!due.length) return <span className="fl-ok">OK</span>;
  return (
    <span className="fl-badges" data-testid="vehicle-due">
      {due.map((d) => (
        <span key={d.kind} className={`fl-badge fl-badge-${d.kind}`} title={d.label} aria-label={d.label}>
          {SHORT[d.kind]}
        </span>
      ))}
    </span>
  );
}

// The grid's CellStyleModule is not registered (@portal/ui keeps ag-grid small): styles come through renderers.
const Vin = ({ value }: CustomCellRendererProps<Vehicle>) => (
  <span className="fl-mono">{String(value ?? '')}</span>
);

/** Every vehicle field of the spec (orders §3 Vehicle), in the order a fleet manager reads a vehicle. */
export const VEHICLE_COLUMNS: ColDef<Vehicle>[] = [
  { ...text('name', 'Vehicle', 190), sort: 'asc' },
  {
    colId: 'due',
    headerName: 'Service due',
    minWidth: 170,
    cellRenderer: DueBadges,
    // Sorts the rows with the most alerts first.
    valueGetter: (p) => p.data?.due.length ?? 0,
  },
  text('lic', 'Plate', 100),
  { ...text('vin', 'VIN', 190), cellRenderer: Vin },
  { ...text('year', 'Year', 80), valueParser: yearParser },
  {
    ...choice('status', 'Status', []),
    cellEditorParams: { values: [1, 0] },
    valueFormatter: (p) => (p.value === 1 ? 'Active' : 'Inactive'),
  },
  mileage('mileage', 'Mileage'),
  mileage('data.mileage_loc', 'Last oil change (mi)'),
  mileage('data.mileage_tirechange', 'Last tire change (mi)'),
  mileage('data.mileage_brakes', 'Last brake change (mi)'),
  yesNo('data.regpaperwork', 'Registration paperwork'),
  date('data.reg_exp', 'Registration expires'),
  date('data.insurance', 'Insurance expires'),
  text('data.aaa_id', 'AAA id', 110),
  text('data.tiresize', 'Tire size', 110),
  yesNo('data.wintertires', 'Winter tires'),
  yesNo('data.spare', 'Spare'),
  yesNo('data.chains', 'Chains'),
  text('data.autosocksize', 'AutoSock size', 120),
  yesNo('data.camera', 'Camera'),
  yesNo('data.alarm', 'Alarm'),
  choice('data.radius', 'Radius', ['', ...VEHICLE_RADII]),
  text('data.vRadius', 'Radius note', 120),
  choice('data.ownerstatus', 'Owned / leased', ['', ...OWNER_STATUSES]),
  yesNo('data.cashVan', 'Cash van'),
  yesNo('data.pickupVan', 'Pickup van'),
  text('data.maint', 'Maintenance remark', 180),
  text('data.add_maint', 'Additional maintenance', 180),
  text('data.notes', 'Notes', 220),
];

import { useMemo, useState } from 'react';
import type { ColDef } from 'ag-grid-community';
import type { CustomCellRendererProps } from 'ag-grid-react';
import { LN_PAGE_SIZE, Messages } from '@portal/contracts';
import {
  Alert,
  Button,
  DataTable,
  PageTitle,
  TextField,
  TitledCell,
  errorText,
  toast,
  usePortal,
  type RowEditing,
} from '@portal/ui';
import { deleteLicence, listLicences, saveLicence, type LicenceRecord } from '../api.js';
import { LicenceForm } from './admin/LicenceForm.js';
import { LICENCE_FIELDS, licenceErrors, windowsText } from './admin/licence.js';
import { useServerList } from './admin/useServerList.js';
import './admin/admin.css';

const LICENCES_KEY = ['accounts', 'licences'] as const;

// Narrow enough that the Actions column (170 px) stays in view beside the 1280 px menu: with the receiving windows
// and the Record column every minimum adds up to 990 px, in a grid ~1,000 px wide there.
const MIN_WIDTH: Record<string, number> = {
  'License #': 140,
  Licensee: 105,
  DBA: 90,
  'Street Address': 115,
  City: 90,
  Zip: 80,
};

/**
 * The licence number column is as wide as the longest number (a fixed width cut "C11-0000101-LIC" at 1366 px to
 * "C11-00001…"): measured in the page's own font, plus the cell padding; never narrower than MIN_WIDTH.
 */
function licenceColumnWidth(records: LicenceRecord[]): number {
  const ctx = document.createElement('canvas').getContext('2d');
  if (!ctx) return 180;
  ctx.font = `500 14px ${getComputedStyle(document.body).fontFamily}`;
  const widest = Math.max(0, ...records.map((r) => ctx.measureText(String(r['License #'] ?? '')).width));
  return Math.max(MIN_WIDTH['License #']!, Math.ceil(widest) + 48);
}

const pickupText = (r: LicenceRecord | undefined) =>
  (r?.pickupRoute ?? []).map((p) => `${p.route} (${p.day})`).join(', ');
/** The record's other fields as one line: "Medical · inactive · pickups North Coast (tue) · 2 emails". */
const moreText = (r: LicenceRecord | undefined) =>
  [
    r?.FacilityType,
    r?.active === false ? 'inactive' : '',
    pickupText(r) && `pickups ${pickupText(r)}`,
    r?.emails?.length ? `${r.emails.length} email${r.emails.length > 1 ? 's' : ''}` : '',
  ]
    .filter(Boolean)
    .join(' · ');

const columns = (licenceWidth: number, edit: (r: LicenceRecord) => void): ColDef<LicenceRecord>[] => [
  ...LICENCE_FIELDS.map(([key, label]): ColDef<LicenceRecord> =>
    key === 'License #'
      ? { field: key, headerName: label, editable: true, minWidth: licenceWidth, cellRenderer: TitledCell }
      : { field: key, headerName: label, editable: true, minWidth: MIN_WIDTH[key] },
  ),
  {
    colId: 'windows',
    headerName: 'Receiving windows',
    valueGetter: (p) => windowsText(p.data?.windows),
    minWidth: 100,
    flex: 1.5,
  },
  {
    // the form with every field; the button's tooltip tells the rest of the record (facility, active, pickup
    // routes, emails). One narrow column, so the row's Edit and Delete stay in view beside the menu at 1280 px
    colId: 'allFields',
    headerName: 'Record',
    sortable: false,
    valueGetter: (p) => moreText(p.data),
    minWidth: 100,
    maxWidth: 110,
    cellRenderer: (p: CustomCellRendererProps<LicenceRecord>) =>
      p.data ? (
        <Button
          size="sm"
          onClick={() => edit(p.data!)}
          title={moreText(p.data) || undefined}
          aria-label={`All fields of licence ${p.data['License #']}`}
          data-testid="ln-edit-all"
        >
          All fields
        </Button>
      ) : null,
  },
];

/** Licence update (lnupdate, staff; accounts §2, orders §2): the editable list of licence records, page size 50. */
export function LnUpdate() {
  const { api, config } = usePortal();
  const {
    rows: records,
    setRows: setRecords,
    loading,
    error,
    setError,
    load,
  } = useServerList(LICENCES_KEY, () => listLicences(api), 'The licence records');
  const [adding, setAdding] = useState(false);
  // the record whose every field the form edits (the grid edits the six required ones in place)
  const [editingRecord, setEditingRecord] = useState<LicenceRecord | null>(null);
  const [search, setSearch] = useState('');

  const licenceWidth = useMemo(() => licenceColumnWidth(records), [records]);
  const COLUMNS = useMemo(
    () =>
      columns(licenceWidth, (r) => {
        setAdding(false);
        setEditingRecord(r);
        window.scrollTo({ top: 0 });
      }),
    [licenceWidth],
  );

  const editing = useMemo<RowEditing<LicenceRecord>>(
    () => ({
      async onSave(row) {
        const errs = Object.values(licenceErrors(row, records));
        if (errs.length) {
          toast.error(
            errs.includes(Messages.licenceExists) ? Messages.licenceExists : `Not saved: ${errs.join('; ')}.`,
          );
          throw new Error(errs.join('; '));
        }
        try {
          await saveLicence(api, row, false);
          toast.success(`Licence ${row['License #']} updated.`);
        } catch (e) {
          // accounts §8: a licence record is the address book of orders (pickup and destination addresses)
          toast.error(Messages.updateAddressFailed(errorText(e)));
          throw e;
        }
      },
      async onDelete(row) {
        try {
          await deleteLicence(api, row.id ?? '');
          setRecords((rs) => rs.filter((r) => r !== row && r.id !== row.id));
          toast.success(`Licence ${row['License #']} deleted.`);
        } catch (e) {
          toast.error(errorText(e));
        }
      },
      confirmDelete:
        'Delete this licence record? Orders and accounts that use the number keep it, but it leaves the licence list.',
    }),
    [api, records, setRecords],
  );

  const add = async (r: LicenceRecord) => {
    const saved = await saveLicence(api, r, true);
    setRecords((rs) => [saved ?? r, ...rs]);
    setAdding(false);
    toast.success(`Licence ${r['License #']} added.`);
  };
  const saveAll = async (r: LicenceRecord) => {
    try {
      const saved = await saveLicence(api, { ...r, id: editingRecord?.id }, false);
      setRecords((rs) => rs.map((o) => (o.id === editingRecord?.id ? (saved ?? r) : o)));
      setEditingRecord(null);
      toast.success(`Licence ${r['License #']} updated.`);
    } catch (e) {
      if (errorText(e) === Messages.licenceExists) throw e; // shown on the number field
      // accounts §8: a licence record is the address book of orders (pickup and destination addresses)
      throw new Error(Messages.updateAddressFailed(errorText(e)), { cause: e });
    }
  };

  return (
    <div data-testid="ln-page">
      <PageTitle
        actions={
          !adding && (
            <Button
              variant="primary"
              onClick={() => {
                setEditingRecord(null);
                setAdding(true);
              }}
              data-testid="ln-add"
            >
              Add Licence
            </Button>
          )
        }
      >
        License Update
      </PageTitle>
      <Alert type="warning" testId="ln-warning">
        <strong>Do not change anything without management approval.</strong>
      </Alert>
      {error && (
        <Alert type="error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {adding && (
        <LicenceForm
          existing={records}
          defaultId={config?.defaultId}
          onSubmit={add}
          onCancel={() => setAdding(false)}
        />
      )}
      {editingRecord && (
        <LicenceForm
          key={editingRecord.id}
          existing={records}
          record={editingRecord}
          onSubmit={saveAll}
          onCancel={() => setEditingRecord(null)}
        />
      )}
      <DataTable<LicenceRecord>
        testId="ln-table"
        rows={records}
        columns={COLUMNS}
        getRowId={(r) => r.id ?? r['License #']}
        pageSize={LN_PAGE_SIZE}
        pageSizes={[LN_PAGE_SIZE, 100]}
        editing={editing}
        loading={loading}
        onRefresh={load}
        quickFilter={search}
        emptyText={
          error
            ? 'No licence records to show.'
            : 'No licence records yet. Use Add Licence to create the first one.'
        }
        toolbar={
          <TextField
            placeholder="Search licences"
            aria-label="Search licences"
            value={search}
            onChange={setSearch}
            testId="ln-search"
          />
        }
      />
    </div>
  );
}

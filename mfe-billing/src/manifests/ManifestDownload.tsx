import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import { isStaff } from '@portal/contracts';
import {
  Button,
  Checkbox,
  DataTable,
  PageTitle,
  TextField,
  errorText,
  saveBlob,
  toast,
  usePortal,
  useSessionUser,
} from '@portal/ui';
import {
  PAGE_SIZE,
  RANGE_DAYS,
  dayFrom,
  downloadZip,
  listManifests,
  type ManifestQuery,
  type ManifestRow,
} from './manifest-download-api.js';
import './manifest-download.css';

const mb = (n: number) =>
  n < 1024 * 1024 ? `${Math.ceil(n / 1024)} KB` : `${(n / 1024 / 1024).toFixed(1)} MB`;
const COLUMNS: ColDef<ManifestRow>[] = [
  { field: 'orderId', headerName: 'Order ID', width: 130 },
  { field: 'deliveryDay', headerName: 'Delivery', width: 120 },
  { field: 'vendor', headerName: 'Vendor', flex: 1 },
  { field: 'destination', headerName: 'Destination', flex: 1 },
  { field: 'file', headerName: 'Manifest', flex: 1 },
  { field: 'pages', headerName: 'Pages', width: 90 },
  { field: 'signed', headerName: 'Signed copies', width: 130 },
  {
    field: 'uploadedAt',
    headerName: 'Uploaded',
    width: 180,
    valueFormatter: (p) => (p.value ? new Date(String(p.value)).toLocaleString() : ''),
  },
];

/**
 * Manifest download (orders §2 /dashboard/manifestdownload): search, date range (default the last 4
 * weeks, by upload date), the incoming toggle for companies, 250 rows a page, and "Download zip" of the listed (or
 * selected) orders' manifests, streamed by the service, with the bytes received shown against the estimate.
 */
export function ManifestDownload() {
  const { api, session } = usePortal();
  const user = useSessionUser();
  const staff = user ? isStaff(user.role) : false;
  const today = useMemo(() => new Date(), []);
  const [typed, setTyped] = useState('');
  const [q, setQ] = useState<ManifestQuery>({
    search: '',
    from: dayFrom(today, -RANGE_DAYS),
    to: dayFrom(today),
    incoming: false,
    page: 1,
  });
  const [selected, setSelected] = useState<ManifestRow[]>([]);
  const [progress, setProgress] = useState<{ received: number; estimate: number } | null>(null);
  useEffect(() => {
    const t = setTimeout(() => setQ((p) => (p.search === typed ? p : { ...p, search: typed, page: 1 })), 400);
    return () => clearTimeout(t);
  }, [typed]);
  const list = useQuery({ queryKey: ['billing', 'manifests', q], queryFn: () => listManifests(api, q) });
  const data = list.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const set = (patch: Partial<ManifestQuery>) => setQ((p) => ({ ...p, ...patch, page: 1 }));

  const download = async () => {
    const ids = selected.map((r) => r.id);
    const files = ids.length ? selected : null;
    const bytes = files ? files.reduce((s, r) => s + r.bytes, 0) : (data?.bytes ?? 0);
    const count = files ? files.length : (data?.total ?? 0);
    setProgress({ received: 0, estimate: bytes });
    try {
      const blob = await downloadZip(session, q, ids, bytes + count * 150 + 22, (received, estimate) =>
        setProgress({ received, estimate }),
      );
      saveBlob(`manifests-${dayFrom(new Date())}.zip`, blob);
      toast.success(`${count} manifest(s) downloaded.`);
    } catch (e) {
      toast.error(`Download failed: ${errorText(e)}`);
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="md-page" data-testid="manifest-download">
      <PageTitle>Manifest Download</PageTitle>
      <div className="md-controls">
        <TextField label="Search" value={typed} onChange={setTyped} testId="md-search" />
        <TextField
          label="From"
          type="date"
          value={q.from}
          onChange={(v) => set({ from: v })}
          testId="md-from"
        />
        <TextField label="To" type="date" value={q.to} onChange={(v) => set({ to: v })} testId="md-to" />
        {!staff && (
          <Checkbox
            label="Incoming"
            checked={q.incoming}
            onChange={(v) => set({ incoming: v })}
            testId="md-incoming"
          />
        )}
        <Button
          variant="primary"
          disabled={!!progress || !data?.total}
          onClick={() => void download()}
          data-testid="md-download"
        >
          {selected.length ? `Download zip (${selected.length} selected)` : 'Download zip'}
        </Button>
      </div>
      {progress && (
        <div className="md-progress" data-testid="md-progress">
          <progress max={progress.estimate || 1} value={progress.received} />
          <span>
            {mb(progress.received)} of about {mb(progress.estimate)} received
          </span>
        </div>
      )}
      <p className="pu-muted" data-testid="md-summary">
        {data
          ? `${data.total} order(s) with manifests, about ${mb(data.bytes)}`
          : list.isError
            ? errorText(list.error)
            : 'Loading…'}
      </p>
      <DataTable
        rows={data?.rows ?? []}
        columns={COLUMNS}
        getRowId={(r) => r.id}
        pageSize={PAGE_SIZE}
        pageSizes={[PAGE_SIZE]}
        selectable
        onSelectionChange={setSelected}
        loading={list.isLoading}
        emptyText="No manifests in this range."
        testId="md-table"
        light
      />
      {pages > 1 && (
        <div className="md-pages">
          <Button disabled={q.page <= 1} onClick={() => setQ((p) => ({ ...p, page: p.page - 1 }))}>
            Previous
          </Button>
          <span>
            Page {q.page} of {pages}
          </span>
          <Button disabled={q.page >= pages} onClick={() => setQ((p) => ({ ...p, page: p.page + 1 }))}>
            Next
          </Button>
        </div>
      )}
    </div>
  );
}

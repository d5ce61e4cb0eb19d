import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ColDef } from 'ag-grid-community';
import { Messages } from '@portal/contracts';
import { REPORT_TITLES } from '@portal/contracts/billing';
import {
  Alert,
  Button,
  DataTable,
  EmptyState,
  PageTitle,
  TextField,
  errorText,
  toast,
  usePortal,
} from '@portal/ui';
import { REPORTS_KEY, listReports, requestTimestampReport, type ReportRun } from '../api.js';
import './reports.css';

const KIND_LABELS: Record<ReportRun['kind'], string> = REPORT_TITLES;
const STATE_LABELS: Record<ReportRun['state'], string> = {
  queued: 'Queued',
  running: 'Running',
  done: 'Emailed',
  failed: 'Failed',
  cancelled: 'Cancelled',
};
const today = () => new Date().toISOString().slice(0, 10);

const COLUMNS: ColDef<ReportRun>[] = [
  {
    field: 'kind',
    headerName: 'Report',
    flex: 1.2,
    valueFormatter: (p) => KIND_LABELS[p.value as ReportRun['kind']],
  },
  { field: 'selectedDate', headerName: 'For', flex: 0.9 },
  {
    field: 'state',
    headerName: 'State',
    flex: 0.8,
    valueFormatter: (p) => STATE_LABELS[p.value as ReportRun['state']],
  },
  { colId: 'emails', headerName: 'Sent to', flex: 2, valueGetter: (p) => p.data?.emails.join(', ') ?? '' },
  {
    field: 'createdAt',
    headerName: 'Requested',
    flex: 1.3,
    valueFormatter: (p) => new Date(String(p.value)).toLocaleString(),
  },
];

/**
 * Reports (orders §2; staff): the reports this user asked for and where they were mailed, newest first, and the
 * timestamp report for a day (the result comes by email: Messages.reportStarted). The other reports and
 * downloads come with the billing issue.
 */
export function Reports() {
  const { api } = usePortal();
  const client = useQueryClient();
  const [day, setDay] = useState(today);
  const reports = useQuery({ queryKey: REPORTS_KEY, queryFn: () => listReports(api) });
  const start = useMutation({
    mutationFn: () => requestTimestampReport(api, day ? { selectedDate: day } : {}),
    onSuccess: (r) => toast.success(r.message || Messages.reportStarted),
    onError: (e) => toast.error(errorText(e)),
    onSettled: () => client.invalidateQueries({ queryKey: REPORTS_KEY }),
  });

  return (
    <div data-testid="reports-page">
      <PageTitle>Reports</PageTitle>
      <div className="pu-card rp-run">
        <TextField label="Day" type="date" value={day} onChange={setDay} testId="reports-day" />
        <Button
          variant="primary"
          onClick={() => start.mutate()}
          disabled={start.isPending}
          data-testid="reports-timestamp"
        >
          Timestamp Report
        </Button>
      </div>
      {reports.isPending ? (
        <div className="pu-page-loading" aria-busy="true" />
      ) : reports.isError ? (
        <Alert type="error" testId="reports-error">
          Your reports could not be loaded: {errorText(reports.error)}{' '}
          <Button variant="link" onClick={() => void reports.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : reports.data.length === 0 ? (
        <EmptyState title="No reports yet" testId="reports-empty">
          Reports you run are listed here with where they were emailed. Run the timestamp report for a day
          above.
        </EmptyState>
      ) : (
        <DataTable
          rows={reports.data}
          columns={COLUMNS}
          getRowId={(r) => r.id}
          onRefresh={() => void reports.refetch()}
          testId="reports-table"
        />
      )}
    </div>
  );
}

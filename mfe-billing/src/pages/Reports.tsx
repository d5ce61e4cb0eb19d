import { useEffect, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Messages } from '@portal/contracts';
import type { ReportFormat } from '@portal/contracts/billing';
import {
  Alert,
  Button,
  EmptyState,
  PageTitle,
  errorText,
  toast,
  usePortal,
  useSessionUser,
} from '@portal/ui';
import {
  REPORTS_KEY,
  cancelReport,
  downloadUrl,
  getReport,
  isActive,
  listReports,
  retryReport,
  startReport,
  type ReportRun,
  type RunAsk,
} from './reports/api.js';
import { RunForm } from './reports/RunForm.js';
import { RunsList } from './reports/RunsList.js';
import { Schedules } from './reports/Schedules.js';
import './reports.css';

/** How often a queued or running report is asked for its progress. */
export const POLL_MS = 1000;

/** Saves a pre-signed download (the store's Content-Disposition names the file). */
function follow(url: string, filename: string) {
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  a.rel = 'noopener';
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Reports (orders §2 /dashboard/reports; staff): run any report (timestamp for a day; signature, status,
 * deliveries, rejections over a range, default last month) to a list of addresses; it runs as a background job:
 * "Your report has started. …", then the caller's runs show its progress (polled every second while any is queued
 * or running), Cancel, Retry, the failure text, the empty text, and the CSV/xlsx downloads. Scheduled reports
 * below.
 */
export function Reports() {
  const { api } = usePortal();
  const user = useSessionUser();
  const me = user?.email ?? '';
  const client = useQueryClient();
  const runs = useQuery({ queryKey: REPORTS_KEY, queryFn: () => listReports(api) });
  const [serverError, setServerError] = useState<string | null>(null);
  const [pending, setPending] = useState<ReadonlySet<string>>(new Set());
  const busy = (id: string, on: boolean) =>
    setPending((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const put = (run: ReportRun) =>
    client.setQueryData<ReportRun[]>(REPORTS_KEY, (old) =>
      old?.some((r) => r.id === run.id) ? old.map((r) => (r.id === run.id ? run : r)) : [run, ...(old ?? [])],
    );

  // Poll each active run (GET /api/reports/:id) every second; stops when none is queued or running.
  const activeIds = (runs.data ?? [])
    .filter(isActive)
    .map((r) => r.id)
    .join(',');
  useEffect(() => {
    if (!activeIds) return;
    let stopped = false;
    const timer = setInterval(() => {
      void Promise.all(activeIds.split(',').map((id) => getReport(api, id).catch(() => null))).then(
        (fresh) => {
          if (!stopped) for (const r of fresh) if (r) put(r);
        },
      );
    }, POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [activeIds, api]);

  const start = useMutation({
    mutationFn: (ask: RunAsk) => startReport(api, ask),
    onSuccess: (r) => {
      setServerError(null);
      toast.success(r.message || Messages.reportStarted);
      put(r.data.report);
    },
    onError: (e) => setServerError(errorText(e)),
  });

  const act = async (run: ReportRun, what: () => Promise<void>) => {
    busy(run.id, true);
    try {
      await what();
    } catch (e) {
      toast.error(errorText(e));
      void runs.refetch();
    } finally {
      busy(run.id, false);
    }
  };
  const onCancel = (run: ReportRun) =>
    act(run, async () => {
      put(await cancelReport(api, run.id));
      toast.info('The report was cancelled.');
    });
  const onRetry = (run: ReportRun) =>
    act(run, async () => {
      const r = await retryReport(api, run.id);
      put(r.data.report);
      toast.success(r.message || Messages.reportStarted);
    });
  const onDownload = (run: ReportRun, format: ReportFormat) =>
    act(run, async () => {
      const { url, filename } = await downloadUrl(api, run.id, format);
      follow(String(url), String(filename));
    });

  return (
    <div className="rp-page" data-testid="reports-page">
      <PageTitle>Reports</PageTitle>
      <RunForm me={me} busy={start.isPending} serverError={serverError} onRun={(a) => start.mutate(a)} />
      <section className="rp-section" aria-labelledby="rp-runs-h">
        <h2 id="rp-runs-h">Your reports</h2>
        {runs.isPending ? (
          <div className="pu-page-loading" aria-busy="true" />
        ) : runs.isError ? (
          <Alert type="error" testId="reports-error">
            Your reports could not be loaded: {errorText(runs.error)}{' '}
            <Button variant="link" onClick={() => void runs.refetch()}>
              Try again
            </Button>
          </Alert>
        ) : runs.data.length === 0 ? (
          <EmptyState title="No reports have been run yet." testId="reports-empty">
            Choose a report and a range above and press Run report: it runs in the background, shows its
            progress here and is emailed with its CSV and xlsx attached.
          </EmptyState>
        ) : (
          <RunsList
            runs={runs.data}
            pending={pending}
            onCancel={onCancel}
            onRetry={onRetry}
            onDownload={onDownload}
          />
        )}
      </section>
      <Schedules me={me} />
    </div>
  );
}

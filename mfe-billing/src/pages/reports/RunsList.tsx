import type { ReportFormat } from '@portal/contracts/billing';
import { Button } from '@portal/ui';
import { isActive, type ReportRun } from './api.js';
import { STATE_LABELS, sizeText, when } from './words.js';

export interface RunsListProps {
  runs: ReportRun[];
  /** Ids with a cancel/retry/download in flight (their buttons wait). */
  pending: ReadonlySet<string>;
  onCancel(run: ReportRun): void;
  onRetry(run: ReportRun): void;
  onDownload(run: ReportRun, format: ReportFormat): void;
}

function Progress({ run }: { run: ReportRun }) {
  return (
    <div className="rp-progress-wrap">
      <div
        className="rp-progress"
        role="progressbar"
        aria-label={`${run.title} progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={run.progress}
        data-testid="report-progress"
      >
        <div className="rp-progress-bar" style={{ width: `${run.progress}%` }} />
      </div>
      <span className="rp-progress-text">{run.progress}%</span>
    </div>
  );
}

/** What the run came to: progress while it works, the failure text, the empty text or the rows and files. */
function Outcome({ run }: { run: ReportRun }) {
  if (isActive(run)) return <Progress run={run} />;
  if (run.state === 'failed')
    return (
      <div className="rp-error" data-testid="report-error">
        {run.error ?? 'Failed to generate report: unknown error'}
      </div>
    );
  if (run.state === 'cancelled') return <span className="pu-muted">Stopped at {run.progress}%</span>;
  if (run.emptyText || run.rows === 0)
    return (
      <span className="rp-empty-text" data-testid="report-empty-text">
        {run.emptyText ?? 'No rows matched.'}
      </span>
    );
  return (
    <span data-testid="report-rows">
      {(run.rows ?? 0).toLocaleString('en-US')} rows
      {run.files?.length ? ` · ${run.files.map((f) => sizeText(f.size)).join(' / ')}` : ''}
    </span>
  );
}

/**
 * The caller's runs, newest first: a table on desktop, one card per run under 700 px (reports.css). Each row's
 * actions are buttons in reading order, so the keyboard reaches them with Tab.
 */
export function RunsList({ runs, pending, onCancel, onRetry, onDownload }: RunsListProps) {
  return (
    <div className="rp-runs-wrap">
      <table className="rp-runs" data-testid="reports-table">
        <caption className="rp-sr">Your reports, newest first</caption>
        <thead>
          <tr>
            <th scope="col">Report</th>
            <th scope="col">State</th>
            <th scope="col">Result</th>
            <th scope="col">Sent to</th>
            <th scope="col">Requested</th>
            <th scope="col">
              <span className="rp-sr">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {runs.map((r) => {
            const busy = pending.has(r.id);
            const formats = (r.files ?? []).map((f) => f.format);
            return (
              <tr key={r.id} data-testid="report-row" data-state={r.state} data-id={r.id}>
                <td data-label="Report" className="rp-title">
                  {r.title}
                  {r.scheduleId && <span className="rp-badge">scheduled</span>}
                </td>
                <td data-label="State">
                  <span className={`rp-state rp-state-${r.state}`} data-testid="report-state">
                    {STATE_LABELS[r.state]}
                  </span>
                </td>
                <td data-label="Result">
                  <Outcome run={r} />
                </td>
                <td data-label="Sent to" className="rp-emails">
                  {r.emails.join(', ')}
                </td>
                <td data-label="Requested">{when(r.createdAt)}</td>
                <td className="rp-actions">
                  {isActive(r) && (
                    <Button size="sm" onClick={() => onCancel(r)} disabled={busy} data-testid="report-cancel">
                      Cancel
                    </Button>
                  )}
                  {(r.state === 'failed' || r.state === 'cancelled') && (
                    <Button size="sm" onClick={() => onRetry(r)} disabled={busy} data-testid="report-retry">
                      Retry
                    </Button>
                  )}
                  {r.state === 'done' &&
                    (['csv', 'xlsx'] as const)
                      .filter((f) => formats.includes(f))
                      .map((f) => (
                        <Button
                          key={f}
                          size="sm"
                          onClick={() => onDownload(r, f)}
                          disabled={busy}
                          data-testid={`report-download-${f}`}
                          aria-label={`Download ${f === 'csv' ? 'CSV' : 'xlsx'}: ${r.title}`}
                        >
                          {f === 'csv' ? 'Download CSV' : 'Download xlsx'}
                        </Button>
                      ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

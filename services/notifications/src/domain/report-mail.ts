import type { ReportCompletedData, ReportFile } from '@portal/contracts';

/**
 * A finished report by mail (Reports: "emailed with the file attached"). billing's
 * `billing.report.completed.v1` names the report's files by key in the object store (`reports` bucket) and who gets
 * them; each address becomes one small job (no file bytes, no secret in Redis); the worker reads the files at send
 * time and attaches them, or links them (pre-signed, 7 days) when larger than REPORT_ATTACH_MAX_BYTES
 * (jobs/report-mail.ts). Pure.
 */
export const REPORT_MAIL_QUEUE = 'report-mail';
export const REPORTS_BUCKET = 'reports';
/** Files above this are linked, not attached (many mail servers refuse messages over 10–25 MB). */
export const REPORT_ATTACH_MAX_BYTES = 10 * 1024 * 1024;
/** S3's longest pre-signed URL: 7 days. */
export const REPORT_LINK_SECONDS = 7 * 24 * 3600;

export type ReportMailJob = Pick<
  ReportCompletedData,
  'reportId' | 'kind' | 'title' | 'rows' | 'files' | 'emptyText'
> & { to: string };

export interface ReportCompletedIn {
  id: string;
  data: ReportCompletedData;
}

/** One job per address (trimmed, lower case, unique); ids from the event id so a redelivery mails once. */
export function reportMailJobs(event: ReportCompletedIn): { jobId: string; job: ReportMailJob }[] {
  const d = event.data;
  const to = [...new Set(d.emails.map((e) => e.trim().toLowerCase()).filter(Boolean))];
  return to.map((address, i) => ({
    jobId: `report-mail-${event.id}-${i}`,
    job: {
      to: address,
      reportId: d.reportId,
      kind: d.kind,
      title: d.title,
      rows: d.rows,
      files: d.files.map((f: ReportFile) => ({ ...f })),
      ...(d.emptyText ? { emptyText: d.emptyText } : {}),
    },
  }));
}

/** How each file travels: attached (bytes read at send time) or linked (too big). */
export type ReportFilePlan = { file: ReportFile; attach: true } | { file: ReportFile; attach: false };

export function planFiles(files: ReportFile[], max = REPORT_ATTACH_MAX_BYTES): ReportFilePlan[] {
  return files.map((file) => (file.size > max ? { file, attach: false } : { file, attach: true }));
}

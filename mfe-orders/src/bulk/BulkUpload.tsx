import { useRef, useState, type DragEvent } from 'react';
import { OrderMessages } from '@portal/contracts';
import { Alert, Button, errorText, toast, usePortal } from '@portal/ui';
import { BULK_ACCEPT, downloadTemplate, pollBulkJob, uploadBulk, type BulkResult } from './bulk-api.js';
import './bulk.css';

type Phase =
  | { at: 'idle' }
  | { at: 'sending'; file: File; progress: number | null }
  | { at: 'rejected'; file: File; result: BulkResult }
  | { at: 'done'; result: BulkResult }
  | { at: 'failed'; message: string };

/**
 * Bulk upload (spec §2 Order form, §5 Bulk upload): drop or pick a csv/xlsx/xls, the service checks every row. A
 * file with bad rows saves nothing and lists each bad row by its row number; the user may then save the good rows
 * alone ("Save the N good rows"), so nothing is ever half-saved silently. Large files run as a job: a progress bar.
 */
export function BulkUpload({ onSaved }: { onSaved?: () => void }) {
  const { api, session } = usePortal();
  const [phase, setPhase] = useState<Phase>({ at: 'idle' });
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  const send = async (file: File, goodRowsOnly = false) => {
    setPhase({ at: 'sending', file, progress: null });
    try {
      let result = await uploadBulk(session, file, goodRowsOnly);
      if (result.jobId) {
        result = await pollBulkJob(api, result.jobId, (progress) =>
          setPhase({ at: 'sending', file, progress }),
        );
      }
      if (result.errors.length && result.saved === 0 && !goodRowsOnly)
        return setPhase({ at: 'rejected', file, result });
      setPhase({ at: 'done', result });
      if (result.saved) toast.success(`${result.saved} order(s) saved from ${file.name}.`);
      onSaved?.();
    } catch (e) {
      const message = OrderMessages.bulkSaveFailed(errorText(e));
      setPhase({ at: 'failed', message });
      toast.error(message);
    }
  };
  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (file) void send(file);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setOver(false);
    pick(e.dataTransfer.files);
  };
  const busy = phase.at === 'sending';

  return (
    <section className="ord-bulk" aria-label="Bulk upload" data-testid="bulk-upload">
      <div
        className={`ord-drop${over ? ' ord-drop-over' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        data-testid="bulk-drop"
      >
        <p>
          <strong>Bulk upload:</strong> drop a csv, xlsx or xls file here, or{' '}
          <Button
            variant="link"
            onClick={() => input.current?.click()}
            disabled={busy}
            data-testid="bulk-pick"
          >
            choose a file
          </Button>
          .
        </p>
        <input
          ref={input}
          type="file"
          accept={BULK_ACCEPT}
          hidden
          onChange={(e) => {
            pick(e.target.files);
            e.target.value = '';
          }}
          data-testid="bulk-file"
        />
        <Button
          size="sm"
          onClick={() => downloadTemplate(session).catch((e) => toast.error(errorText(e)))}
          data-testid="bulk-template"
        >
          Download Template
        </Button>
      </div>
      {phase.at === 'sending' && (
        <div className="ord-bulk-progress" data-testid="bulk-progress">
          <span>Uploading {phase.file.name}…</span>
          <progress max={100} value={phase.progress ?? undefined} aria-label="Upload progress" />
        </div>
      )}
      {phase.at === 'rejected' && (
        <BulkRejected
          result={phase.result}
          onSaveGood={() => void send(phase.file, true)}
          onDismiss={() => setPhase({ at: 'idle' })}
        />
      )}
      {phase.at === 'done' && (
        <Alert type={phase.result.errors.length ? 'warning' : 'success'} testId="bulk-done">
          {phase.result.saved} of {phase.result.total} row(s) saved.
          {!!phase.result.already &&
            ` ${phase.result.already} row(s) of this file were saved by an earlier upload and were not saved again.`}
          {phase.result.errors.length > 0 && <RowErrors result={phase.result} />}
        </Alert>
      )}
      {phase.at === 'failed' && (
        <Alert type="error" testId="bulk-failed">
          {phase.message}
        </Alert>
      )}
    </section>
  );
}

function RowErrors({ result }: { result: BulkResult }) {
  return (
    <ul className="ord-bulk-errors" data-testid="bulk-errors">
      {result.errors.map((e) => (
        <li key={`${e.row}-${e.message}`}>
          Row {e.row}: {e.message}
        </li>
      ))}
    </ul>
  );
}

function BulkRejected(p: { result: BulkResult; onSaveGood: () => void; onDismiss: () => void }) {
  const bad = new Set(p.result.errors.map((e) => e.row)).size;
  const good = p.result.total - bad;
  return (
    <Alert type="error" testId="bulk-rejected">
      Nothing was saved: {bad} of {p.result.total} row(s) have errors.
      <RowErrors result={p.result} />
      <div className="ord-bulk-actions">
        {good > 0 && (
          <Button variant="primary" onClick={p.onSaveGood} data-testid="bulk-save-good">
            Save the {good} good rows
          </Button>
        )}
        <Button onClick={p.onDismiss} data-testid="bulk-dismiss">
          Fix the file and upload again
        </Button>
      </div>
    </Alert>
  );
}

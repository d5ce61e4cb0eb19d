import { useEffect, useState } from 'react';
import { METRC, MetrcMessages, type MetrcSyncView } from '@portal/contracts';
import { Alert, Button, errorText, Modal, TextField, usePortal, useSessionUser } from '@portal/ui';
import { localDay, metrcSync, startMetrcSync } from './metrc-api.js';
import { SyncResults } from './SyncResults.js';
import './metrc.css';

/** How long the polling rides out a portal that does not answer before it says so. */
const POLL_GRACE_MS = 60_000;

type Phase =
  | { at: 'ask' }
  | { at: 'running'; jobId: string; view: MetrcSyncView | null; lost?: boolean }
  | { at: 'done'; view: MetrcSyncView }
  | { at: 'failed'; message: string };

/**
 * Sync Manifests (orders §2, admin; §9 "may take up to 5 minutes"): the button on the Manage Orders list opens a
 * dialog — delivery days (default the last week), Sync; a progress bar while the job runs (polled); the per-order
 * results when done; a failure says why, with Retry. Staff only (the service checks too).
 */
export function SyncManifests() {
  const user = useSessionUser();
  const [open, setOpen] = useState(false);
  if (!user || user.role > 1) return null;
  return (
    <div className="ord-metrc-bar">
      <Button onClick={() => setOpen(true)} data-testid="metrc-sync-open">
        {MetrcMessages.title}
      </Button>
      {open && <SyncDialog onClose={() => setOpen(false)} />}
    </div>
  );
}

function SyncDialog({ onClose }: { onClose: () => void }) {
  const { api } = usePortal();
  const [from, setFrom] = useState(() => localDay(METRC.defaultDays - 1));
  const [to, setTo] = useState(() => localDay(0));
  // "Only these orders": order numbers separated by commas or spaces; when given, the range is not used
  const [only, setOnly] = useState('');
  const orderIds = only.split(/[\s,;]+/).filter(Boolean);
  const [phase, setPhase] = useState<Phase>({ at: 'ask' });

  const start = async () => {
    setPhase({ at: 'running', jobId: '', view: null });
    try {
      const jobId = await startMetrcSync(api, orderIds.length ? { orderIds } : { from, to });
      setPhase({ at: 'running', jobId, view: null });
    } catch (e) {
      setPhase({ at: 'failed', message: MetrcMessages.failed(errorText(e)) });
    }
  };

  const jobId = phase.at === 'running' ? phase.jobId : '';
  useEffect(() => {
    if (!jobId) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout>;
    let lostSince = 0;
    let last: MetrcSyncView | null = null;
    const poll = async () => {
      try {
        const view = await metrcSync(api, jobId);
        lostSince = 0;
        last = view;
        if (stop) return;
        if (view.state === 'completed') return setPhase({ at: 'done', view });
        if (view.state === 'failed')
          return setPhase({ at: 'failed', message: view.failedReason || MetrcMessages.failed('unknown') });
        setPhase({ at: 'running', jobId, view });
      } catch (e) {
        // the job runs on the server: a service restart or a network blip only pauses the polling, for a while
        lostSince ||= Date.now();
        if (stop) return;
        if (Date.now() - lostSince > POLL_GRACE_MS)
          return setPhase({ at: 'failed', message: MetrcMessages.failed(errorText(e)) });
        setPhase({ at: 'running', jobId, view: last, lost: true });
      }
      if (!stop) timer = setTimeout(() => void poll(), METRC.pollMs);
    };
    void poll();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [api, jobId]);

  const running = phase.at === 'running';
  const footer = (
    <>
      {phase.at === 'ask' && (
        <Button
          variant="primary"
          onClick={() => void start()}
          disabled={!orderIds.length && (!from || !to)}
          data-testid="metrc-sync-start"
        >
          Sync
        </Button>
      )}
      {phase.at === 'failed' && (
        <Button variant="primary" onClick={() => void start()} data-testid="metrc-sync-retry">
          Retry
        </Button>
      )}
      {phase.at === 'done' && (
        <Button onClick={() => setPhase({ at: 'ask' })} data-testid="metrc-sync-again">
          Sync again
        </Button>
      )}
      <Button onClick={onClose} data-testid="metrc-sync-close">
        {running ? 'Close (the sync goes on)' : 'Close'}
      </Button>
    </>
  );

  return (
    <Modal open title={MetrcMessages.title} onClose={onClose} footer={footer} width={860} testId="metrc-sync">
      <p className="ord-metrc-hint" data-testid="metrc-sync-hint">
        {MetrcMessages.hint}
      </p>
      {phase.at === 'ask' && (
        <div className="ord-metrc-range">
          <TextField
            label="Delivery from"
            type="date"
            value={from}
            onChange={setFrom}
            testId="metrc-sync-from"
          />
          <TextField label="to" type="date" value={to} onChange={setTo} testId="metrc-sync-to" />
          <TextField
            label="Only these orders (optional)"
            value={only}
            onChange={setOnly}
            placeholder="Order numbers, separated by commas"
            testId="metrc-sync-orders"
          />
          <p>
            Each order delivered in these days (or each order named) is compared with its Metrc transfer:
            manifest number, licences, package count and status.
          </p>
        </div>
      )}
      {running && <Progress view={phase.view} />}
      {running && phase.lost && (
        <Alert type="warning" testId="metrc-sync-lost">
          The portal is not answering; still trying. The sync goes on meanwhile.
        </Alert>
      )}
      {phase.at === 'failed' && (
        <Alert type="error" testId="metrc-sync-failed">
          {phase.message}
        </Alert>
      )}
      {phase.at === 'done' && <SyncResults view={phase.view} />}
    </Modal>
  );
}

function Progress({ view }: { view: MetrcSyncView | null }) {
  const total = view?.total ?? 0;
  const done = view?.done ?? 0;
  return (
    <div className="ord-metrc-progress" data-testid="metrc-sync-progress" aria-live="polite">
      <progress max={Math.max(1, total)} value={total ? done : undefined} aria-label="Sync progress" />
      <span data-testid="metrc-sync-count">
        {total ? `${done} of ${total} order(s) checked` : 'Reading the Metrc transfers…'}
      </span>
    </div>
  );
}

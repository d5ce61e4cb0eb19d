import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { OrderHistoryEntry, OrderHistoryVerifyAnswer } from '@portal/contracts';
import { Alert, Button, errorText, usePortal } from '@portal/ui';
import { historyKey, orderHistory, verifyHistory } from '../api.js';

const show = (v: unknown) =>
  v === undefined || v === null || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

function Entry({ e }: { e: OrderHistoryEntry }) {
  return (
    <li className="ord-history-entry" data-testid="history-entry">
      <div>
        <strong>{e.action}</strong> by {e.by.name || e.by.userId}{' '}
        <span className="pu-muted">
          {new Date(e.at).toLocaleString()} · {e.source}
        </span>
      </div>
      {e.changes.length > 0 && (
        <ul className="ord-history-changes">
          {e.changes.map((c) => (
            <li key={c.path}>
              <code>{c.path}</code>: {show(c.from)} → {show(c.to)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** How much of an intact history a signed checkpoint covers (the service anchors the chains outside its database). */
function anchoring({ entries, anchored }: OrderHistoryVerifyAnswer): string {
  if (anchored === undefined) return '';
  if (anchored >= entries) return ` All ${entries} anchored by a signed checkpoint.`;
  if (anchored > 0)
    return ` Entries 1-${anchored} anchored by a signed checkpoint; ${entries - anchored} not yet.`;
  return ' None anchored by a signed checkpoint yet.';
}

/**
 * The order's ledger: every change, who made it, when and from where, newest first, and "Verify
 * history", which asks the service to recompute the hash chain and says whether it is intact.
 */
export function HistoryPanel({ id, version }: { id: string; version: number }) {
  const { api } = usePortal();
  const history = useQuery({ queryKey: [...historyKey(id), version], queryFn: () => orderHistory(api, id) });
  const [verdict, setVerdict] = useState<OrderHistoryVerifyAnswer | string | null>(null);
  const verify = () =>
    verifyHistory(api, id).then(
      (v) => setVerdict(v),
      (e) => setVerdict(errorText(e)),
    );
  return (
    <section className="ord-history" aria-label="History" data-testid="order-history">
      <div className="ord-history-head">
        <h3>History</h3>
        <Button size="sm" onClick={() => void verify()} data-testid="history-verify">
          Verify history
        </Button>
      </div>
      {verdict !== null && (
        <Alert
          type={typeof verdict === 'object' && verdict.ok ? 'success' : 'error'}
          testId="history-verdict"
        >
          {typeof verdict === 'string'
            ? `The history could not be verified: ${verdict}`
            : verdict.ok
              ? `History verified: all ${verdict.entries} entries are intact.${anchoring(verdict)}`
              : `History does not verify: ${verdict.message ?? `entry ${verdict.brokenAt ?? '?'} was changed or is missing.`}`}
        </Alert>
      )}
      {history.isPending ? (
        <p className="pu-muted">Loading the history…</p>
      ) : history.isError ? (
        <Alert type="error">The history could not be loaded: {errorText(history.error)}</Alert>
      ) : (
        <ol className="ord-history-list" reversed>
          {[...history.data].reverse().map((e) => (
            <Entry key={e.seq} e={e} />
          ))}
        </ol>
      )}
    </section>
  );
}

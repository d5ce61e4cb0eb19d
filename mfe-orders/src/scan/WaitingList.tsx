import type { ScanRequest } from './scan-api.js';

/** The steps waiting for the network, oldest first: "n waiting". */
export function WaitingList({ items, online }: { items: ScanRequest[]; online: boolean }) {
  return (
    <section className="scan-queue" aria-label="Waiting to send" data-testid="scan-queue">
      <p className={`scan-net ${online ? 'is-online' : 'is-offline'}`} data-testid="scan-net">
        {online ? 'Online' : 'Offline'} · <strong data-testid="scan-waiting">{items.length} waiting</strong>
      </p>
      {items.length > 0 && (
        <ol>
          {items.map((r) => (
            <li key={r.body.scanId} data-testid="scan-queue-item">
              {r.label} <span className="scan-muted">{new Date(r.queuedAt).toLocaleTimeString()}</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

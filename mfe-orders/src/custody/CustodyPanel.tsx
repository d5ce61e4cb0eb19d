import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { ROLE_LABELS, type CustodyEntry, type RoleNumber } from '@portal/contracts';
import { Alert, Button, errorText, saveBlob, toast, usePortal } from '@portal/ui';
import { custodyKey, fetchCustodyPdf, getCustody, openPrintTab, printPdf } from '../labels/labels-api.js';
import './custody.css';

const short = (h: string) => `${h.slice(0, 12)}…`;

function Step({ e }: { e: CustodyEntry }) {
  const facts = Object.entries(e.facts);
  return (
    <li className="cus-step" data-testid="custody-entry" data-verified={e.verified}>
      <div className="cus-step-head">
        <span className="cus-seq">#{e.seq}</span>
        <strong>{e.title}</strong>
        <span
          className={e.verified ? 'cus-ok' : 'cus-bad'}
          title={e.verified ? 'Hash and link recompute' : ''}
        >
          {e.verified ? '✔ verified' : '✖ not verified'}
        </span>
      </div>
      <div className="pu-muted">
        {new Date(e.at).toLocaleString()} · {e.by.name || e.by.userId} (
        {ROLE_LABELS[e.by.role as RoleNumber] ?? e.by.role})
      </div>
      {facts.length > 0 && (
        <dl className="cus-facts">
          {facts.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="cus-hash" title={`hash ${e.hash}\nprev ${e.prevHash}`}>
        hash <code>{short(e.hash)}</code> · prev <code>{short(e.prevHash)}</code>
      </div>
    </li>
  );
}

/**
 * The order's chain of custody (the custody report): created, approved, labels printed, picked up, checked
 * in/out, manifests signed (with hashes), delivered, synced — from the ledger, each step verified, with a badge for
 * the whole chain and the same report as a PDF to print or download.
 */
export function CustodyPanel({ id, version }: { id: string; version: number }) {
  const { api, session } = usePortal();
  const report = useQuery({ queryKey: [...custodyKey(id), version], queryFn: () => getCustody(api, id) });
  const [busy, setBusy] = useState(false);
  const pdf = async (then: (b: Blob) => void, tab: Window | null = null) => {
    setBusy(true);
    try {
      then(await fetchCustodyPdf(session, id));
    } catch (e) {
      tab?.close();
      toast.error(`The custody report could not be made: ${errorText(e)}`);
    } finally {
      setBusy(false);
    }
  };
  const r = report.data;
  return (
    <section className="cus-panel" aria-label="Chain of custody" data-testid="custody-panel">
      <div className="cus-head">
        <h3>Chain of custody</h3>
        {r && (
          <span
            className={`cus-badge ${r.verified ? 'cus-badge-ok' : 'cus-badge-bad'}`}
            data-testid="custody-badge"
          >
            {r.verified
              ? `Verified (${r.ledgerEntries} ledger entries)`
              : `Does not verify from entry ${r.brokenAt ?? '?'}`}
          </span>
        )}
        <span className="cus-gap" />
        <Button
          size="sm"
          disabled={busy}
          onClick={() => {
            const tab = openPrintTab();
            void pdf((b) => printPdf(tab, b, `custody-${r?.orderId ?? id}.pdf`), tab);
          }}
          data-testid="custody-print"
        >
          Print PDF
        </Button>
        <Button
          size="sm"
          disabled={busy}
          onClick={() => void pdf((b) => saveBlob(`custody-${r?.orderId ?? id}.pdf`, b))}
          data-testid="custody-download"
        >
          Download PDF
        </Button>
      </div>
      {report.isPending ? (
        <p className="pu-muted">Loading the chain of custody…</p>
      ) : report.isError ? (
        <Alert type="error">The chain of custody could not be loaded: {errorText(report.error)}</Alert>
      ) : (
        <ol className="cus-steps">
          {r!.entries.map((e) => (
            <Step key={e.seq} e={e} />
          ))}
        </ol>
      )}
    </section>
  );
}

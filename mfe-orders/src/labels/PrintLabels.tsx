import { useEffect, useState } from 'react';
import { defaultLabelCount, LABEL, LabelMessages, type Order } from '@portal/contracts';
import { Button, Modal, TextField, toast, usePortal } from '@portal/ui';
import { fetchLabels, openPrintTab, PdfCallError, printPdf } from './labels-api.js';
import './labels.css';

interface Refusal {
  currentStatus: string;
  allowedStatus: string;
}

/** The refused label (orders §4): the label crossed out, "SHIPPING LABEL ERROR", the current and allowed status. */
function CrossedOutLabel({ orderId, refusal }: { orderId: string; refusal: Refusal }) {
  return (
    <div className="lbl-crossed" data-testid="label-error" role="alert">
      <div className="lbl-crossed-id">{orderId}</div>
      <div className="lbl-crossed-title">{LabelMessages.error}</div>
      <div data-testid="label-error-current">{LabelMessages.currentStatus(refusal.currentStatus)}</div>
      <div data-testid="label-error-allowed">{LabelMessages.allowedStatus(refusal.allowedStatus)}</div>
    </div>
  );
}

/**
 * "Print Labels" with its box count (orders §2 Order form, §5, §9): the count defaults to the box count (an
 * integer, at least 1); the service answers one PDF (a page per box), printed after 500 ms; a failure toasts
 * "Failed to print: {message}" (§8), a refused status shows the crossed-out label (§4). `onPrinted` hands the
 * order's new version back to the form (the print is a ledger entry).
 */
export function PrintLabels({
  order,
  weight,
  onPrinted,
}: {
  order: Pick<Order, 'id' | 'orderId'>;
  weight: string;
  onPrinted?: (version: number) => void;
}) {
  const { session } = usePortal();
  const [count, setCount] = useState(() => String(defaultLabelCount(weight)));
  // the count follows the box count until the user types one of their own (orders §5 default)
  const [typed, setTyped] = useState(false);
  useEffect(() => {
    if (!typed) setCount(String(defaultLabelCount(weight)));
  }, [weight, typed]);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [last, setLast] = useState<string | null>(null);

  const print = async () => {
    const n = Number(count);
    if (!Number.isInteger(n) || n < 1 || n > LABEL.maxCount) {
      toast.error(LabelMessages.failed(LabelMessages.count));
      return;
    }
    setBusy(true);
    const tab = openPrintTab();
    try {
      const printed = await fetchLabels(session, order.id, n);
      setLast(printPdf(tab, printed.pdf, `labels-${order.orderId}.pdf`));
      if (printed.version !== null) onPrinted?.(printed.version);
    } catch (e) {
      tab?.close();
      const message = e instanceof Error ? e.message : String(e);
      toast.error(LabelMessages.failed(message));
      if (e instanceof PdfCallError && e.status === 409 && e.currentStatus)
        setRefusal({ currentStatus: e.currentStatus, allowedStatus: e.allowedStatus ?? '' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <span className="ord-labels">
      <TextField
        label="Labels"
        type="number"
        min={1}
        max={LABEL.maxCount}
        step={1}
        value={count}
        onChange={(v) => {
          setTyped(true);
          setCount(v);
        }}
        testId="order-label-count"
      />
      <Button onClick={() => void print()} disabled={busy} data-testid="order-print-labels">
        {busy ? 'Printing…' : 'Print Labels'}
      </Button>
      {last && (
        <a href={last} target="_blank" rel="noreferrer" className="lbl-open" data-testid="label-pdf-link">
          Open labels PDF
        </a>
      )}
      <Modal
        open={!!refusal}
        title="Shipping label"
        onClose={() => setRefusal(null)}
        testId="label-error-dialog"
        footer={<Button onClick={() => setRefusal(null)}>Close</Button>}
      >
        {refusal && <CrossedOutLabel orderId={order.orderId} refusal={refusal} />}
      </Modal>
    </span>
  );
}

import { useState } from 'react';
import { ScanMessages as SM, type Order } from '@portal/contracts';
import { Alert, Button, errorText, Modal, TextArea, TextField } from '@portal/ui';

/** The receiver's printed name and the staff member's reason, as the service checks them (contracts' schemas). */
export function paperErrors(name: string, reason: string): { name?: string; reason?: string } {
  const n = name.trim();
  const r = reason.trim();
  return {
    ...(n.length < 1 || n.length > 120 ? { name: SM.paperName } : {}),
    ...(r.length < 3 || r.length > 500 ? { reason: SM.paperNeedsReason } : {}),
  };
}

/**
 * Record delivery (paper-signed), staff only: the receiver signed a paper manifest or delivery slip instead of the
 * driver's screen. The receiver's printed name and a reason go to POST /orders/delivered as `paper` and an override:
 * the order's ledger records who recorded it, why, and that the signature is on paper.
 */
export function PaperDeliveryDialog({
  order,
  onRecord,
  onClose,
}: {
  order: Order;
  onRecord: (name: string, reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [name, setName] = useState('');
  const [reason, setReason] = useState('');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const errors = tried ? paperErrors(name, reason) : {};
  const go = async () => {
    setTried(true);
    setFailed(null);
    const e = paperErrors(name, reason);
    if (e.name || e.reason) return;
    setBusy(true);
    try {
      await onRecord(name.trim(), reason.trim());
    } catch (err) {
      setFailed(errorText(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open
      title={`Record delivery (paper-signed): ${order.orderId}`}
      onClose={onClose}
      testId="paper-dialog"
      footer={
        <>
          <Button onClick={onClose}>Back</Button>
          <Button variant="primary" onClick={() => void go()} disabled={busy} data-testid="paper-confirm">
            {busy ? 'Recording…' : 'Record delivery'}
          </Button>
        </>
      }
    >
      <p className="cus-paper-help">
        The order becomes Delivered. Its ledger records you, your reason, and that the receiver signed on
        paper.
      </p>
      {failed && (
        <Alert type="error" testId="paper-error">
          {failed}
        </Alert>
      )}
      <TextField
        label="Receiver's printed name"
        required
        maxLength={120}
        autoComplete="off"
        value={name}
        onChange={setName}
        error={errors.name}
        testId="paper-name"
      />
      <TextArea
        label="Reason / note"
        required
        maxLength={500}
        rows={3}
        placeholder="e.g. Signed the paper manifest at the door; copy filed with the delivery slip."
        value={reason}
        onChange={setReason}
        error={errors.reason}
        testId="paper-reason"
      />
    </Modal>
  );
}

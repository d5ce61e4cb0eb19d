import { useState } from 'react';
import { CANCEL_REASONS, DEFAULT_CANCEL_REASON } from '@portal/contracts';
import { Button, Modal, Select } from '@portal/ui';

const OPTIONS = CANCEL_REASONS.map((r) => ({ value: r, label: r }));

/** Cancel Order (orders §4): a reason, default Other; the service notifies the creator and the admins. */
export function CancelDialog({
  open,
  onCancel,
  onClose,
}: {
  open: boolean;
  onCancel: (reason: string) => Promise<void>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState<string>(DEFAULT_CANCEL_REASON);
  const [busy, setBusy] = useState(false);
  const go = async () => {
    setBusy(true);
    try {
      await onCancel(reason);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title="Cancel Order"
      onClose={onClose}
      testId="cancel-dialog"
      footer={
        <>
          <Button onClick={onClose}>Keep the order</Button>
          <Button variant="danger" onClick={() => void go()} disabled={busy} data-testid="cancel-confirm">
            Cancel Order
          </Button>
        </>
      }
    >
      <Select label="Reason" value={reason} onChange={setReason} options={OPTIONS} testId="cancel-reason" />
    </Modal>
  );
}

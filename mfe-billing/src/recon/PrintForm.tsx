import { useState } from 'react';
import { ReconWords, type ReconAnswer, type ReconRow } from '@portal/contracts/billing';
import {
  Alert,
  Button,
  Modal,
  TextArea,
  TextField,
  errorText,
  printHtml,
  toast,
  useConfirm,
  usePortal,
} from '@portal/ui';
import { printRecon, reconcile, type ReconAsk } from './api.js';
import { printLayout } from './print-layout.js';

export const COURIER_TEXT =
  'I confirm the orders above were delivered or returned as listed and the amounts collected are as shown.';
export const VENDOR_TEXT =
  'I have reviewed this reconciliation and agree with the orders and amounts listed.';

/**
 * The print/export form (orders §2: "print/export form with courier and vendor signature text"): the courier's name
 * and both signature texts; Print asks first, prints every order of the range (all pages) and stamps them
 * (POST /api/billing/recon/print): a toast says how many orders were stamped.
 */
export function PrintForm({
  ask,
  answer,
  onClose,
  onStamped,
}: {
  ask: ReconAsk;
  answer: ReconAnswer;
  onClose: () => void;
  onStamped: () => void;
}) {
  const { api } = usePortal();
  const { ask: confirm, dialog } = useConfirm('recon-confirm');
  const [courierName, setCourierName] = useState('');
  const [courierText, setCourierText] = useState(COURIER_TEXT);
  const [vendorText, setVendorText] = useState(VENDOR_TEXT);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const go = async () => {
    const yes = await confirm({
      title: 'Print and stamp',
      text:
        `Print this reconciliation and stamp its ${answer.totals.count} delivered or rejected orders as reconciled?` +
        (answer.orders.some((r) => r.settled)
          ? ' Settled orders (reconciled over 48 hours ago) keep their stamp.'
          : ''),
      confirm: 'Print and stamp',
    });
    if (!yes) return;
    setBusy(true);
    setError(null);
    try {
      const rows: ReconRow[] = [...answer.orders];
      for (let next = answer.next; next;) {
        const page = await reconcile(api, { ...ask, after: next });
        rows.push(...page.orders);
        next = page.next;
      }
      const { print } = await printRecon(api, {
        vendorLN: ask.vendorLN,
        from: ask.from,
        to: ask.to,
        courierName: courierName.trim(),
        vendorName: answer.vendor.name,
      });
      printHtml(
        printLayout({
          ...answer,
          rows,
          courierName: courierName.trim(),
          courierText,
          vendorText,
          reportBy: print.reportBy,
        }),
        `Reconciliation ${answer.vendor.name} ${ask.from} to ${ask.to}`,
      );
      toast.success(ReconWords.stamped(print.count));
      onStamped();
      onClose();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open
      title="Print reconciliation"
      onClose={onClose}
      testId="recon-print-form"
      width={560}
      footer={
        <>
          <Button onClick={onClose} data-testid="recon-print-cancel">
            Cancel
          </Button>
          <Button variant="primary" onClick={() => void go()} disabled={busy} data-testid="recon-print-go">
            {busy ? 'Printing…' : 'Print'}
          </Button>
        </>
      }
    >
      {error && (
        <Alert type="error" testId="recon-print-error">
          {error}
        </Alert>
      )}
      <p>
        {answer.vendor.name} ({answer.vendor.licenseNumber}), {ask.from} to {ask.to}: {answer.totals.count}{' '}
        orders to stamp.
      </p>
      <TextField
        label="Courier name"
        value={courierName}
        onChange={setCourierName}
        maxLength={200}
        testId="recon-courier-name"
      />
      <TextArea
        label="Courier signature text"
        value={courierText}
        onChange={setCourierText}
        rows={3}
        testId="recon-courier-text"
      />
      <TextArea
        label="Vendor signature text"
        value={vendorText}
        onChange={setVendorText}
        rows={3}
        testId="recon-vendor-text"
      />
      {dialog}
    </Modal>
  );
}

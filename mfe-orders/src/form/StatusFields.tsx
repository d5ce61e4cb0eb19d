import {
  OrderStatus,
  ORDER_STATUS_NAMES,
  REJECTION_REASONS,
  BILLING_METHODS,
  statusOptionsFor,
  type OrderSignature,
  type OrderStatusNumber,
} from '@portal/contracts';
import { Checkbox, Select, TextArea, TextField } from '@portal/ui';
import type { Draft } from './draft.js';
import type { FormState } from './useOrderForm.js';

const REJECTION_OPTIONS = Object.entries(REJECTION_REASONS).map(([value, label]) => ({ value, label }));
const METHOD_LABELS: Record<string, string> = {
  net: 'Net Terms',
  check: 'Check',
  cash: 'Cash',
  samples: 'Samples',
};
const METHOD_OPTIONS = BILLING_METHODS.map((m) => ({ value: m, label: METHOD_LABELS[m] ?? m }));
const isRejection = (s: string) =>
  s === String(OrderStatus.fullRejection) || s === String(OrderStatus.partialRejection);

interface Props {
  form: FormState;
  onBlur: (k: keyof Draft) => void;
  onStatus: (status: string) => void;
  signatures?: Record<string, OrderSignature | undefined>;
}

/**
 * Status, rejection, exception and signatures: seen by roles 0, 1, 2 only (orders §6). Drivers lose Received from
 * the status options. The rejection fields show for statuses 5 and 6, the exception notes for 4.
 */
export function StatusFields({ form, onBlur, onStatus, signatures }: Props) {
  const { draft: d, set, shown } = form;
  const choices: number[] = statusOptionsFor(form.role);
  if (!choices.includes(Number(d.status))) choices.push(Number(d.status));
  const statuses = choices.map((s) => ({
    value: String(s),
    label: ORDER_STATUS_NAMES[s as OrderStatusNumber],
  }));
  const signed = Object.entries(signatures ?? {}).filter(([, s]) => s?.name || s?.date);
  return (
    <fieldset className="ord-section" aria-label="Status">
      <legend>Status</legend>
      <div className="ord-grid">
        <Select
          label="Status"
          value={d.status}
          onChange={onStatus}
          options={statuses}
          testId="order-status"
        />
        <Checkbox
          label="Cash Return"
          checked={d.cashReturn}
          onChange={(v) => set('cashReturn', v)}
          testId="order-cashReturn"
        />
        {isRejection(d.status) && (
          <Select
            label="Rejected Reason"
            required
            value={d.rejected}
            onChange={(v) => set('rejected', v)}
            options={REJECTION_OPTIONS}
            placeholder="Choose…"
            error={shown.rejected}
            testId="order-rejected"
          />
        )}
        {isRejection(d.status) && (
          <TextArea
            label="Rejected Text"
            required={d.rejected === '8'}
            value={d.rejectedText}
            onChange={(v) => set('rejectedText', v)}
            onBlur={() => onBlur('rejectedText')}
            error={shown.rejectedText}
            testId="order-rejectedText"
          />
        )}
        {d.status === String(OrderStatus.exception) && (
          <TextArea
            label="Exception Notes"
            required
            value={d.exception}
            onChange={(v) => set('exception', v)}
            onBlur={() => onBlur('exception')}
            error={shown.exception}
            testId="order-exception"
          />
        )}
      </div>
      {signed.length > 0 && (
        <ul className="ord-signatures" data-testid="order-signatures">
          {signed.map(([k, s]) => (
            <li key={k}>
              <strong>{k[0]!.toUpperCase() + k.slice(1)} signature:</strong> {s!.name ?? ''}
              {s!.date ? `, ${new Date(s!.date).toLocaleString()}` : ''}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

/** Box count, notes and billing (orders §3 data.billing; method text derived, §5). */
export function DetailFields({ form, onBlur }: { form: FormState; onBlur: (k: keyof Draft) => void }) {
  const { draft: d, set, shown, staff, driver } = form;
  const text = (k: keyof Draft, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      value={String(d[k])}
      onChange={(v) => set(k, v as never)}
      onBlur={() => onBlur(k)}
      testId={`order-${k}`}
      {...extra}
    />
  );
  const needsId = d.methodSelect === 'cash' || d.methodSelect === 'check';
  return (
    <fieldset className="ord-section" aria-label="Details and billing">
      <legend>Details and billing</legend>
      <div className="ord-grid">
        {text('weight', 'Box Count', { inputMode: 'numeric', pattern: '\\d*' })}
        {text('invoice', 'Billing Invoice #', { required: form.requireInvoice, error: shown.billingInvoice })}
        {text('amount', 'Billing Amount', { inputMode: 'decimal' })}
        <Select
          label="Billing Method"
          value={d.methodSelect}
          onChange={(v) => set('methodSelect', v as Draft['methodSelect'])}
          options={METHOD_OPTIONS}
          placeholder="—"
          testId="order-methodSelect"
        />
        {needsId && text('methodSelectId', d.methodSelect === 'cash' ? 'Cash Id' : 'Check #')}
        {text('manifest', 'Manifest No.')}
      </div>
      {form.methodText && (
        <p className="pu-muted" data-testid="order-method-text">
          Billing method: {form.methodText}
        </p>
      )}
      <TextArea
        label="Notes"
        value={d.notes}
        onChange={(v) => set('notes', v)}
        onBlur={() => onBlur('notes')}
        disabled={driver}
        testId="order-notes"
      />
      {staff && (
        <TextArea
          label="Billing Notes"
          value={d.billingNotes}
          onChange={(v) => set('billingNotes', v)}
          onBlur={() => onBlur('billingNotes')}
          testId="order-billingNotes"
        />
      )}
    </fieldset>
  );
}

import { useState, type FormEvent } from 'react';
import { Messages, NEW_LICENCE_PLACEHOLDER } from '@portal/contracts';
import { Button, TextField, errorText } from '@portal/ui';
import type { LicenceRecord } from '../../api.js';
import {
  DAYS,
  LICENCE_FIELDS,
  LICENCE_MAX,
  isWindow,
  licenceErrors,
  newLicence,
  type LicenceField,
} from './licence.js';

interface Props {
  existing: LicenceRecord[];
  onSubmit: (r: LicenceRecord) => Promise<void>;
  onCancel: () => void;
}

/** Add-a-licence form (lnupdate): every field required, messages under the fields, default receiving windows. */
export function LicenceForm({ existing, onSubmit, onCancel }: Props) {
  const [rec, setRec] = useState<LicenceRecord>(newLicence);
  const [errors, setErrors] = useState<Partial<Record<LicenceField | string, string>>>({});
  const [busy, setBusy] = useState(false);

  const set = (key: string, value: string) => {
    setRec((r) => ({ ...r, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const setWindow = (day: string, value: string) => {
    setRec((r) => ({ ...r, windows: { ...r.windows, [day]: value } }));
    setErrors((e) => ({ ...e, [`w.${day}`]: undefined }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string | undefined> = { ...licenceErrors(rec, existing) };
    for (const [day, label] of DAYS)
      if (!isWindow(rec.windows?.[day] ?? '')) found[`w.${day}`] = `${label}: use HH:MM-HH:MM or leave empty`;
    if (Object.values(found).some(Boolean)) return setErrors(found);
    setBusy(true);
    try {
      const trimmed = Object.fromEntries(
        Object.entries(rec).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
      );
      await onSubmit(trimmed as unknown as LicenceRecord);
    } catch (err) {
      const msg = errorText(err);
      setErrors(msg === Messages.licenceExists ? { 'License #': msg } : { form: msg });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="pu-card acc-form"
      onSubmit={(e) => void submit(e)}
      noValidate
      aria-label="New licence record"
      data-testid="ln-form"
    >
      <h2 className="acc-section">New licence record</h2>
      {errors.form && (
        <div className="pu-alert pu-alert-error" role="alert">
          {errors.form}
        </div>
      )}
      <div className="acc-form-grid">
        {LICENCE_FIELDS.map(([key, label], i) => (
          <TextField
            key={key}
            label={label}
            required
            autoFocus={i === 0}
            maxLength={LICENCE_MAX[key]}
            placeholder={key === 'License #' ? NEW_LICENCE_PLACEHOLDER : undefined}
            value={String(rec[key] ?? '')}
            onChange={(v) => set(key, v)}
            error={errors[key]}
            testId={`ln-field-${key.replace(/\W+/g, '').toLowerCase()}`}
          />
        ))}
      </div>
      <fieldset className="acc-windows" data-testid="ln-windows">
        <legend>Receiving windows (empty = closed)</legend>
        {DAYS.map(([day, label]) => (
          <TextField
            key={day}
            label={label}
            placeholder="Closed"
            value={rec.windows?.[day] ?? ''}
            onChange={(v) => setWindow(day, v)}
            error={errors[`w.${day}`]}
            testId={`ln-window-${day}`}
          />
        ))}
      </fieldset>
      <div className="acc-form-actions">
        <Button type="submit" variant="primary" disabled={busy} data-testid="ln-save">
          {busy ? 'Saving…' : 'Add Licence'}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}

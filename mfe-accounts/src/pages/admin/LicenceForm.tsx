import { useEffect, useState, type FormEvent } from 'react';
import { Messages, NEW_LICENCE_PLACEHOLDER } from '@portal/contracts';
import { Button, TextField, errorText } from '@portal/ui';
import type { LicenceRecord } from '../../api.js';
import {
  DAYS,
  LICENCE_FIELDS,
  LICENCE_MAX,
  badEmail,
  isWindow,
  licenceErrors,
  newLicence,
  type LicenceField,
} from './licence.js';
import { LicenceMoreFields } from './LicenceMoreFields.js';

interface Props {
  existing: LicenceRecord[];
  /** The record to edit (every field); a new record when absent. */
  record?: LicenceRecord;
  /** Config `defaultId`: the number a new record starts with (else the spec's 000-00000). */
  defaultId?: unknown;
  onSubmit: (r: LicenceRecord) => Promise<void>;
  onCancel: () => void;
}

/**
 * The licence record form (lnupdate): a new record, or every field of one (accounts §3 "LN"): the six required ones
 * with their messages, receiving windows, facility type, active, emails and pickup routes.
 */
export function LicenceForm({ existing, record, defaultId, onSubmit, onCancel }: Props) {
  const editing = !!record;
  const [rec, setRec] = useState<LicenceRecord>(() =>
    record ? { ...newLicence(), ...record, windows: { ...record.windows } } : newLicence(defaultId),
  );
  const [errors, setErrors] = useState<Partial<Record<LicenceField | string, string>>>({});
  // The portal's config may arrive after the form opened: an untouched new number takes the configured one then.
  useEffect(() => {
    if (editing) return;
    const configured = newLicence(defaultId)['License #'];
    setRec((r) => (r['License #'] === NEW_LICENCE_PLACEHOLDER ? { ...r, 'License #': configured } : r));
  }, [editing, defaultId]);
  const [busy, setBusy] = useState(false);

  const set = (key: string, value: string) => {
    setRec((r) => ({ ...r, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const change = (patch: Partial<LicenceRecord>, field: string) => {
    setRec((r) => ({ ...r, ...patch }));
    setErrors((e) => ({ ...e, [field]: undefined, ...(field === 'pickupRoute' ? pickupCleared(e) : {}) }));
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
    const bad = badEmail(rec.emails);
    if (bad) found.emails = `${Messages.invalidEmail.trim()} (${bad})`;
    (rec.pickupRoute ?? []).forEach((p, i) => {
      if (!p.route.trim()) found[`pickup.${i}`] = Messages.fieldRequired('Route').trim();
    });
    if (Object.values(found).some(Boolean)) return setErrors(found);
    setBusy(true);
    try {
      const trimmed = Object.fromEntries(
        Object.entries(rec).map(([k, v]) => [k, typeof v === 'string' ? v.trim() : v]),
      ) as unknown as LicenceRecord;
      trimmed.pickupRoute = (rec.pickupRoute ?? []).map((p) => ({ route: p.route.trim(), day: p.day }));
      await onSubmit(trimmed);
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
      aria-label={editing ? `Licence ${record['License #']}` : 'New licence record'}
      data-testid="ln-form"
    >
      <h2 className="acc-section">
        {editing ? `Edit licence ${record['License #']}` : 'New licence record'}
      </h2>
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
            autoFocus={i === 0 && !editing}
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
      <LicenceMoreFields rec={rec} errors={errors} change={change} />
      <div className="acc-form-actions">
        <Button type="submit" variant="primary" disabled={busy} data-testid="ln-save">
          {busy ? 'Saving…' : editing ? 'Save Licence' : 'Add Licence'}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </div>
    </form>
  );
}

const pickupCleared = (e: Record<string, string | undefined>) =>
  Object.fromEntries(
    Object.keys(e)
      .filter((k) => k.startsWith('pickup.'))
      .map((k) => [k, undefined]),
  );

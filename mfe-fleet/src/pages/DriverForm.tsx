import { useState, type FormEvent } from 'react';
import { Button, Modal, TextField } from '@portal/ui';
import { DRIVER_LIMITS, type DriverInput } from '@portal/contracts';
import { driverErrors, DRIVER_FIELDS } from '../model.js';

const EMPTY: DriverInput = { name: '', phone: '', email: '', lic: '', occLic: '' };

/** Add Driver (manageDriver's Drivers tab): the five fields of the spec in a native <dialog>; errors under each field. */
export function DriverForm({
  onSubmit,
  onClose,
}: {
  onSubmit: (d: DriverInput) => Promise<void>;
  onClose: () => void;
}) {
  const [driver, setDriver] = useState<DriverInput>(EMPTY);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = driverErrors(driver);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    try {
      await onSubmit(driver);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="Add Driver" onClose={onClose} testId="driver-form">
      <form onSubmit={(e) => void submit(e)} noValidate>
        {DRIVER_FIELDS.map(([key, label, required]) => (
          <TextField
            key={key}
            label={label}
            required={required}
            value={driver[key]}
            onChange={(v) => setDriver((d) => ({ ...d, [key]: v }))}
            error={shown ? errors[key] : null}
            maxLength={DRIVER_LIMITS[key]}
            testId={`driver-${key}`}
          />
        ))}
        <div className="fl-form-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy} data-testid="driver-save">
            Add Driver
          </Button>
        </div>
      </form>
    </Modal>
  );
}

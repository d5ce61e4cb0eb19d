import { useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Modal, Select, TextField, errorText, toast, usePortal } from '@portal/ui';
import { FleetMessages, MAINTENANCE_LIMITS, MAINTENANCE_TYPES, type Vehicle } from '@portal/contracts';
import { FLEET_KEY, logMaintenance, listMaintenance, maintenanceKey } from '../api.js';
import { maintenanceErrors, parseNumber, type MaintenanceForm } from '../model.js';
import { MaintenanceHistory } from './MaintenanceHistory.js';

/** Today as the user's calendar shows it (a service logged at 23:00 local is today's, not tomorrow's UTC day). */
const today = () => new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 10);
const TYPE_OPTIONS = Object.entries(MAINTENANCE_TYPES).map(([value, label]) => ({ value, label }));
type Form = MaintenanceForm;

/**
 * The maintenance dialog (orders §2, §3, §5): log a service on one vehicle — date, mileage (never below the vehicle's
 * current mileage), type (oil, tires, brakes, or other with its text), cost, all required except the text — and its
 * history below. The service checks the same rules and answers the spec's messages, shown as they come.
 */
export function MaintenanceDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const { api } = usePortal();
  const client = useQueryClient();
  const [form, setForm] = useState<Form>({ date: today(), mileage: '', type: '', other: '', cost: '' });
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const history = useQuery({
    queryKey: maintenanceKey(vehicle.id),
    queryFn: () => listMaintenance(api, vehicle.id),
  });
  const errors = maintenanceErrors(form, vehicle.mileage, today());
  const set = (k: keyof Form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    setFailed(null);
    if (Object.keys(errors).length || !form.type) return;
    setBusy(true);
    try {
      await logMaintenance(api, vehicle.id, {
        date: form.date,
        mileage: parseNumber(form.mileage),
        type: form.type,
        ...(form.type === 'change_other' && form.other.trim() ? { other: form.other.trim() } : {}),
        cost: parseNumber(form.cost),
      });
      toast.success(FleetMessages.maintenanceUpdated);
      // The vehicle's mileage and alerts changed: every fleet list and this history are read again.
      void client.invalidateQueries({ queryKey: FLEET_KEY });
      onClose();
    } catch (err) {
      setFailed(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const err = (k: keyof typeof errors) => (shown ? (errors[k] ?? null) : null);
  return (
    <Modal
      open
      title={`Maintenance: ${vehicle.name}`}
      onClose={onClose}
      testId="maintenance-dialog"
      width={560}
    >
      <form onSubmit={(e) => void submit(e)} noValidate className="fl-maint-form">
        <p className="fl-muted">Current mileage: {vehicle.mileage.toLocaleString('en-US')} mi</p>
        {failed && (
          <Alert type="error" testId="maintenance-error">
            {failed}
          </Alert>
        )}
        <div className="fl-form-grid">
          <TextField
            label="Date"
            type="date"
            required
            value={form.date}
            onChange={set('date')}
            error={err('date')}
            testId="maint-date"
          />
          <TextField
            label="Mileage"
            inputMode="numeric"
            required
            value={form.mileage}
            onChange={set('mileage')}
            error={err('mileage')}
            testId="maint-mileage"
          />
          <Select
            label="Type"
            required
            placeholder="Choose…"
            options={TYPE_OPTIONS}
            value={form.type}
            onChange={set('type')}
            error={err('type')}
            testId="maint-type"
          />
          <TextField
            label="Cost ($)"
            inputMode="decimal"
            required
            value={form.cost}
            onChange={set('cost')}
            error={err('cost')}
            testId="maint-cost"
          />
        </div>
        {form.type === 'change_other' && (
          <TextField
            label="What was done"
            value={form.other}
            onChange={set('other')}
            maxLength={MAINTENANCE_LIMITS.other}
            testId="maint-other"
          />
        )}
        <div className="fl-form-actions">
          <Button onClick={onClose}>Close</Button>
          <Button type="submit" variant="primary" disabled={busy} data-testid="maint-save">
            Save maintenance
          </Button>
        </div>
      </form>
      <MaintenanceHistory query={history} />
    </Modal>
  );
}

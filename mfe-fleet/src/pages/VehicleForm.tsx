import { useState, type FormEvent } from 'react';
import { Button, Modal, Select, TextField } from '@portal/ui';
import {
  OWNER_STATUSES,
  VEHICLE_LIMITS,
  VEHICLE_RADII,
  type OwnerStatus,
  type VehicleInput,
  type VehicleRadius,
} from '@portal/contracts';
import { parseNumber, vehicleErrors } from '../model.js';

interface Form {
  name: string;
  lic: string;
  vin: string;
  year: string;
  status: string;
  mileage: string;
  reg_exp: string;
  insurance: string;
  ownerstatus: string;
  radius: string;
}
const EMPTY: Form = {
  name: '',
  lic: '',
  vin: '',
  year: '',
  status: '1',
  mileage: '0',
  reg_exp: '',
  insurance: '',
  ownerstatus: 'owned',
  radius: 'local',
};

export const toVehicle = (f: Form): VehicleInput => ({
  name: f.name.trim(),
  lic: f.lic.trim(),
  vin: f.vin.trim().toUpperCase(),
  year: f.year.trim() ? Number(f.year) : null,
  status: f.status === '0' ? 0 : 1,
  mileage: parseNumber(f.mileage),
  data: {
    reg_exp: f.reg_exp,
    insurance: f.insurance,
    ownerstatus: f.ownerstatus as OwnerStatus,
    radius: f.radius as VehicleRadius,
  },
});

/**
 * Add Vehicle: what a vehicle needs to exist (name, plate, VIN, year, status, mileage) and the dates the service-due
 * alerts read; the remaining fields of the spec are edited in the table's row afterwards.
 */
export function VehicleForm({
  onSubmit,
  onClose,
}: {
  onSubmit: (v: VehicleInput) => Promise<void>;
  onClose: () => void;
}) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [shown, setShown] = useState(false);
  const [busy, setBusy] = useState(false);
  const errors = vehicleErrors(toVehicle(form), form.year);
  const set = (k: keyof Form) => (v: string) => setForm((f) => ({ ...f, [k]: v }));
  const err = (k: keyof typeof errors) => (shown ? (errors[k] ?? null) : null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setShown(true);
    if (Object.keys(errors).length) return;
    setBusy(true);
    try {
      await onSubmit(toVehicle(form));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="Add Vehicle" onClose={onClose} testId="vehicle-form" width={600}>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <div className="fl-form-grid">
          <TextField
            label="Vehicle name"
            required
            value={form.name}
            onChange={set('name')}
            error={err('name')}
            testId="vehicle-name"
            maxLength={VEHICLE_LIMITS.name}
          />
          <TextField
            label="Plate"
            required
            value={form.lic}
            onChange={set('lic')}
            error={err('lic')}
            testId="vehicle-lic"
            maxLength={VEHICLE_LIMITS.lic}
          />
          <TextField
            label="VIN"
            value={form.vin}
            onChange={set('vin')}
            error={err('vin')}
            testId="vehicle-vin"
            maxLength={17}
          />
          <TextField
            label="Year"
            inputMode="numeric"
            value={form.year}
            onChange={set('year')}
            error={err('year')}
            testId="vehicle-year"
          />
          <TextField
            label="Mileage"
            inputMode="numeric"
            required
            value={form.mileage}
            onChange={set('mileage')}
            error={err('mileage')}
            testId="vehicle-mileage"
          />
          <Select
            label="Status"
            options={[
              { value: '1', label: 'Active' },
              { value: '0', label: 'Inactive' },
            ]}
            value={form.status}
            onChange={set('status')}
            testId="vehicle-status"
          />
          <TextField
            label="Registration expires"
            type="date"
            value={form.reg_exp}
            onChange={set('reg_exp')}
            testId="vehicle-reg-exp"
          />
          <TextField
            label="Insurance expires"
            type="date"
            value={form.insurance}
            onChange={set('insurance')}
            testId="vehicle-ins-exp"
          />
          <Select
            label="Owned / leased"
            options={OWNER_STATUSES.map((v) => ({ value: v, label: v }))}
            value={form.ownerstatus}
            onChange={set('ownerstatus')}
            testId="vehicle-ownerstatus"
          />
          <Select
            label="Radius"
            options={VEHICLE_RADII.map((v) => ({ value: v, label: v }))}
            value={form.radius}
            onChange={set('radius')}
            testId="vehicle-radius"
          />
        </div>
        <div className="fl-form-actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" disabled={busy} data-testid="vehicle-save">
            Add Vehicle
          </Button>
        </div>
      </form>
    </Modal>
  );
}

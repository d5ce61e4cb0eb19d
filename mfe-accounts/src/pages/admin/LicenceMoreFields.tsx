import { useState } from 'react';
import { Button, Checkbox, Select, TextArea, TextField } from '@portal/ui';
import type { LicenceRecord, PickupRoute } from '../../api.js';
import { DAYS, FACILITY_TYPES, emailList } from './licence.js';

interface Props {
  rec: LicenceRecord;
  errors: Record<string, string | undefined>;
  change: (patch: Partial<LicenceRecord>, field: string) => void;
}

/**
 * The licence record's fields beyond the six required ones (accounts §3 "LN"): facility type, active, emails and the
 * pickup routes (route and day) that orders take an order's pickup route from.
 */
export function LicenceMoreFields({ rec, errors, change }: Props) {
  const facility = rec.FacilityType ?? '';
  const facilities = [...new Set([...FACILITY_TYPES, ...(facility ? [facility] : [])])];
  const pickups = rec.pickupRoute ?? [];
  // the typed text stays as typed (a trailing comma included); the record holds the parsed list
  const [emailsText, setEmailsText] = useState(() => (rec.emails ?? []).join(', '));
  const setPickup = (i: number, patch: Partial<PickupRoute>) =>
    change({ pickupRoute: pickups.map((p, j) => (j === i ? { ...p, ...patch } : p)) }, 'pickupRoute');
  return (
    <>
      <div className="acc-form-grid">
        <Select
          label="Facility type"
          value={facility}
          options={facilities.map((f) => ({ value: f, label: f }))}
          onChange={(v) => change({ FacilityType: v }, 'FacilityType')}
          testId="ln-field-facilitytype"
        />
        <Checkbox
          label="Active (offered in the licence pickers)"
          checked={rec.active !== false}
          onChange={(v) => change({ active: v }, 'active')}
          testId="ln-field-active"
        />
      </div>
      <TextArea
        label="Emails (order notices for this licence; separate with commas)"
        rows={2}
        value={emailsText}
        onChange={(v) => {
          setEmailsText(v);
          change({ emails: emailList(v) }, 'emails');
        }}
        error={errors.emails}
        testId="ln-field-emails"
      />
      <fieldset className="acc-set acc-pickups" data-testid="ln-pickups">
        <legend>Pickup routes</legend>
        {pickups.length === 0 && <p className="pu-muted">None: a pickup goes on the order's own route.</p>}
        {pickups.map((p, i) => (
          <div className="acc-pickup-row" key={i} data-testid={`ln-pickup-${i}`}>
            <TextField
              label="Route"
              value={p.route}
              onChange={(v) => setPickup(i, { route: v })}
              error={errors[`pickup.${i}`]}
              testId={`ln-pickup-route-${i}`}
            />
            <Select
              label="Day"
              value={p.day}
              options={DAYS.map(([d, label]) => ({ value: d, label }))}
              onChange={(v) => setPickup(i, { day: v })}
              testId={`ln-pickup-day-${i}`}
            />
            <Button
              size="sm"
              onClick={() => change({ pickupRoute: pickups.filter((_, j) => j !== i) }, 'pickupRoute')}
              aria-label={`Remove pickup route ${i + 1}`}
              data-testid={`ln-pickup-remove-${i}`}
            >
              Remove
            </Button>
          </div>
        ))}
        <Button
          size="sm"
          onClick={() => change({ pickupRoute: [...pickups, { route: '', day: 'mon' }] }, 'pickupRoute')}
          data-testid="ln-pickup-add"
        >
          Add pickup route
        </Button>
      </fieldset>
    </>
  );
}

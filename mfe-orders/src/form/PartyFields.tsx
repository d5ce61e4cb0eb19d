import { useMemo } from 'react';
import { ORDER_DEFS, ORDER_TYPES, LICENCE_PICKER_MAX_OPTIONS, type OrderType } from '@portal/contracts';
import { LicencePicker, Select, TextField, usePortal, type LicenceOption } from '@portal/ui';
import type { Draft } from './draft.js';
import type { FormState } from './useOrderForm.js';

const DEF_OPTIONS = Object.entries(ORDER_DEFS).map(([value, label]) => ({ value, label }));

/** Licence options for the destination picker (accounts' public licence search, ≤ 100 matches). */
function useLicenceLoader() {
  const { api } = usePortal();
  return useMemo(
    () =>
      (q: string): Promise<LicenceOption[]> =>
        api
          .get<{ data?: { licensenumbers?: LicenceOption[] } }>(
            `/api/license/licensenumbers?search=${encodeURIComponent(q)}&limit=${LICENCE_PICKER_MAX_OPTIONS}`,
          )
          .then((r) => r?.data?.licensenumbers ?? []),
    [api],
  );
}

export interface PartyProps {
  form: FormState;
  /** Same Day offered (orders §6: orders.hasSameDay or the vendor's sameDayPickup; staff always). */
  sameDayOffered: boolean;
  editAddress: boolean;
  dest: LicenceOption | null;
  onDest: (o: LicenceOption | null, text?: string) => void;
  onBlur: (k: keyof Draft) => void;
}

/** Definition, type and the two licences with their addresses (orders §3 data.order, pickupCompany, destCompany). */
export function PartyFields({ form, sameDayOffered, editAddress, dest, onDest, onBlur }: PartyProps) {
  const { draft: d, set, shown, staff, driver, pickupChoices } = form;
  const loadOptions = useLicenceLoader();
  const types = Object.entries(ORDER_TYPES)
    .filter(([k]) => k !== 'sameDay' || sameDayOffered || d.orderType === 'sameDay')
    .map(([value, label]) => ({ value, label }));
  const addressEditable = staff || editAddress;
  const bind = (k: keyof Draft, label: string, extra: { required?: boolean; error?: string } = {}) => ({
    label,
    value: String(d[k]),
    onChange: (v: string) => set(k, v as never),
    onBlur: () => onBlur(k),
    testId: `order-${k}`,
    ...extra,
  });
  return (
    <fieldset className="ord-section" aria-label="Licences">
      <legend>Order</legend>
      <div className="ord-grid">
        <Select
          {...bind('orderDef', 'Order Definition', { required: true, error: shown.orderDef })}
          options={DEF_OPTIONS}
          placeholder="Choose…"
          disabled={driver}
        />
        <Select
          {...bind('orderType', 'Order Type', { required: true, error: shown.orderType })}
          onChange={(v) => set('orderType', v as OrderType)}
          options={types}
          placeholder="Choose…"
          disabled={driver}
        />
        {pickupChoices ? (
          <Select
            {...bind('pickupLN', 'License #', { required: true, error: shown.pickupLN })}
            options={pickupChoices.map((l) => ({ value: l, label: l }))}
            placeholder={pickupChoices.length ? 'Choose…' : 'Your company has no licence'}
          />
        ) : (
          <TextField {...bind('pickupLN', 'License #', { required: true, error: shown.pickupLN })} />
        )}
        <TextField
          {...bind('pickupAddress', 'Originating License Address', { error: shown.pickupAddress })}
          disabled={!addressEditable}
        />
        <LicencePicker
          label="Destination License #"
          required
          loadOptions={loadOptions}
          value={dest}
          onChange={(o) => onDest(o)}
          onText={(t) => onDest(null, t)}
          error={shown.destinationLN}
          disabled={driver}
          testId="order-destinationLN"
        />
        {/* a listed licence's record fills these (locked unless the role edits addresses); an unlisted one is typed */}
        <TextField
          {...bind('destName', 'Destination Name')}
          disabled={!addressEditable && !!dest && !!d.destName}
        />
        <TextField
          {...bind('destAddress', 'Destination Address', { required: true, error: shown.destAddress })}
          disabled={!addressEditable && !!dest && !!d.destAddress}
        />
        <TextField
          {...bind('destCity', 'Destination City')}
          disabled={!addressEditable && !!dest && !!d.destCity}
        />
        <TextField
          {...bind('destZip', 'Destination Zip')}
          inputMode="numeric"
          disabled={!addressEditable && !!dest && !!d.destZip}
        />
      </div>
    </fieldset>
  );
}

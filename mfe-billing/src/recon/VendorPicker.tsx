import { useId, useMemo, useState } from 'react';
import { ReconWords, type ReconVendor } from '@portal/contracts/billing';
import { Checkbox, TextField } from '@portal/ui';

export interface VendorPickerProps {
  vendors: ReconVendor[];
  loading: boolean;
  value: string;
  onChange: (licenseNumber: string) => void;
  registeredOnly: boolean;
  onRegisteredOnly: (on: boolean) => void;
}

/**
 * The vendor picker (orders §2 Billing reconciliation): a search over name and licence, the "Registered accounts
 * only" checkbox, and a list of vendors where an account matching no accounting customer carries the mismatch mark
 * with its tooltip (focusable: keyboard users read it too). Arrow keys move in the list; Enter or a click picks.
 */
export function VendorPicker(p: VendorPickerProps) {
  const [q, setQ] = useState('');
  const listId = useId();
  const shown = useMemo(() => {
    const needle = q.trim().toLowerCase();
    return p.vendors
      .filter(
        (v) =>
          !needle || v.name.toLowerCase().includes(needle) || v.licenseNumber.toLowerCase().includes(needle),
      )
      .slice(0, 50);
  }, [p.vendors, q]);
  const picked = p.vendors.find((v) => v.licenseNumber === p.value);
  const move = (e: React.KeyboardEvent<HTMLElement>, i: number) => {
    const items = (
      e.currentTarget.closest('[role=listbox]') ?? e.currentTarget
    ).querySelectorAll<HTMLElement>('[role=option]');
    if (e.key === 'ArrowDown') items[Math.min(items.length - 1, i + 1)]?.focus();
    else if (e.key === 'ArrowUp') items[Math.max(0, i - 1)]?.focus();
    else return;
    e.preventDefault();
  };
  return (
    <div className="rc-picker">
      <div className="rc-picker-head">
        <TextField
          label="Vendor"
          placeholder="Search by name or licence"
          value={q}
          onChange={setQ}
          testId="recon-vendor-search"
          aria-controls={listId}
        />
        <Checkbox
          label="Registered accounts only"
          checked={p.registeredOnly}
          onChange={p.onRegisteredOnly}
          testId="recon-registered-only"
        />
      </div>
      <div className="rc-picked" data-testid="recon-vendor-picked" aria-live="polite">
        {picked ? (
          <>
            Selected: <strong>{picked.name}</strong> ({picked.licenseNumber}){picked.mismatch && <Mismatch />}
          </>
        ) : (
          <span className="pu-muted">No vendor selected.</span>
        )}
      </div>
      <ul className="rc-vendors" role="listbox" id={listId} aria-label="Vendors" data-testid="recon-vendors">
        {p.loading && <li className="pu-muted">Loading vendors…</li>}
        {!p.loading && !shown.length && <li className="pu-muted">No vendor matches.</li>}
        {shown.map((v, i) => (
          <li
            key={v.licenseNumber}
            role="option"
            tabIndex={0}
            aria-selected={v.licenseNumber === p.value}
            className={v.licenseNumber === p.value ? 'rc-vendor rc-vendor-on' : 'rc-vendor'}
            data-testid="recon-vendor"
            data-ln={v.licenseNumber}
            onClick={() => p.onChange(v.licenseNumber)}
            onKeyDown={(e) =>
              e.key === 'Enter' || e.key === ' '
                ? (e.preventDefault(), p.onChange(v.licenseNumber))
                : move(e, i)
            }
          >
            <span className="rc-vendor-name">{v.name}</span>
            <span className="rc-vendor-ln">{v.licenseNumber}</span>
            {v.mismatch && <Mismatch />}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The mismatch mark: a tooltip on hover and focus (title for the mouse, a described text for screen readers). */
export function Mismatch() {
  return (
    <span
      className="rc-mismatch"
      title={ReconWords.mismatch}
      aria-label={ReconWords.mismatch}
      role="img"
      data-testid="recon-mismatch"
    >
      !
      <span className="rc-tip" role="tooltip">
        {ReconWords.mismatch}
      </span>
    </span>
  );
}

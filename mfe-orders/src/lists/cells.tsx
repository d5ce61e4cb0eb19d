import type { CustomCellRendererProps } from 'ag-grid-react';
import type { OrderRow } from '@portal/contracts';
import type { NameOf } from './fleet-names.js';
import { addDays } from './list-api.js';

/** A day as the lists show it ('YYYY-MM-DD' of the stored UTC date), '' when none. */
export const dayText = (iso: string | null | undefined) => (iso ? iso.slice(0, 10) : '');

/** Status colours by number (icon + name: the colour is never the only cue). */
const STATUS_TONE = ['grey', 'blue', 'purple', 'green', 'orange', 'red', 'red', 'teal', 'grey'];

export function StatusCell({ data }: CustomCellRendererProps<{ status: number; statusName: string }>) {
  if (!data) return null;
  return (
    <span className="ord-status" data-testid="order-status-cell">
      <span className={`ord-dot ord-tone-${STATUS_TONE[data.status] ?? 'grey'}`} aria-hidden="true" />
      {data.statusName}
    </span>
  );
}

/**
 * Approved Delivery Date: an overnight delivery shows a clock and the date plus one day (orders §2); without an
 * approved date the preferred one, marked as such (an overnight one with its clock and plus one too).
 */
export function DeliveryCell({
  data,
}: CustomCellRendererProps<Pick<OrderRow, 'deliveryDate' | 'preferredDelivery' | 'overnight'>>) {
  if (!data) return null;
  const approved = dayText(data.deliveryDate);
  const day = approved || dayText(data.preferredDelivery);
  const preferred = approved ? '' : ' (preferred)';
  if (!day) return null;
  if (!data.overnight)
    return approved ? (
      <span>{day}</span>
    ) : (
      <span className="pu-muted">
        {day}
        {preferred}
      </span>
    );
  return (
    <span
      title="Overnight delivery"
      data-testid="order-overnight"
      className={approved ? undefined : 'pu-muted'}
    >
      <svg className="ord-clock" role="img" aria-label="Overnight" viewBox="0 0 16 16" width="14" height="14">
        <circle cx="8" cy="8" r="6.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
        <path
          d="M8 4.2V8l2.6 1.6"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
        />
      </svg>{' '}
      {addDays(day, 1)}
      {preferred}
    </span>
  );
}

/** A fleet name, or what stands in for it: nothing assigned, still loading, or an id the fleet no longer lists. */
function Name({ name, what }: { name: string | null | undefined; what: string }) {
  if (name === null) return <span className="pu-muted">…</span>;
  if (name === undefined) return <span className="pu-muted">Unknown {what}</span>;
  return <>{name}</>;
}

/**
 * Driver: the pickup driver's name, then the delivery driver's when another one delivers. A pickup driver change
 * within 24 hours (orders §2) is red and says "changed" (the colour is never the only cue).
 */
export function DriverCell({
  data,
  names,
  showPickup = true,
}: CustomCellRendererProps<OrderRow> & { names: NameOf; showPickup?: boolean }) {
  if (!data) return null;
  if (!showPickup) {
    const driver = data.deliveryDriver || data.driver;
    return driver ? (
      <span data-testid="order-driver-cell">
        <Name name={names(driver)} what="driver" />
      </span>
    ) : null;
  }
  const pickup = data.pickupDriver ?? '';
  const delivery = data.deliveryDriver ?? data.driver;
  const changed = data.pickupDriverChange ?? null;
  const first = pickup || delivery;
  if (!first) return null;
  return (
    <span data-testid="order-driver-cell">
      <span
        className={changed && pickup ? 'ord-driver-changed' : undefined}
        title={
          changed && pickup
            ? `Pickup driver changed ${changed.slice(0, 16).replace('T', ' ')} UTC`
            : undefined
        }
      >
        <Name name={names(first)} what="driver" />
        {changed && pickup && <span className="ord-changed-mark"> (changed)</span>}
      </span>
      {pickup && delivery && delivery !== pickup && (
        <>
          {' → '}
          <Name name={names(delivery)} what="driver" />
        </>
      )}
    </span>
  );
}

/** Vehicle: the pickup vehicle's name, then the delivery vehicle's when another one delivers. */
export function VehicleCell({ data, names }: CustomCellRendererProps<OrderRow> & { names: NameOf }) {
  if (!data) return null;
  const pickup = data.pickupVehicle ?? '';
  const delivery = data.deliveryVehicle ?? data.vehicle;
  const first = pickup || delivery;
  if (!first) return null;
  return (
    <span data-testid="order-vehicle-cell">
      <Name name={names(first)} what="vehicle" />
      {pickup && delivery && delivery !== pickup && (
        <>
          {' → '}
          <Name name={names(delivery)} what="vehicle" />
        </>
      )}
    </span>
  );
}

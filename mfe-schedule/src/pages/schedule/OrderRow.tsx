import { memo, useEffect, useRef, useState } from 'react';
import { statusNameFor, type OrderStatusNumber } from '@portal/contracts';
import { DISPATCH, DispatchMessages as DM, type ScheduleOrder } from '@portal/contracts/dispatch';
import { Link, errorText, toast, usePortal } from '@portal/ui';
import { updateOrderFields, type OrderFields } from './schedule-api.js';

export const orderLink = (id: string) => `/dashboard/editOrder?id=${encodeURIComponent(id)}`;

const addr = (a: ScheduleOrder['pickupAddress']) => [a.street, a.city, a.zip].filter(Boolean).join(', ');

/**
 * A text cell staff edit in place (notes, billing notes): saved DISPATCH.textSaveMs after the last keystroke through
 * orders' update with the row's version; a refused save (409: "This order was changed by …") shows the server's
 * words as "Update failed: {message}" and keeps the text typed.
 */
function TextCell({ o, field, label }: { o: ScheduleOrder; field: 'notes' | 'billingNotes'; label: string }) {
  const { api } = usePortal();
  const [text, setText] = useState(o[field]);
  const [state, setState] = useState<'' | 'pending' | 'saved'>('');
  const dirty = useRef(false);
  const version = useRef(o.version);
  version.current = Math.max(version.current, o.version);
  // Someone else's change arrives (live or refetch) while we are not typing: show it.
  useEffect(() => {
    if (!dirty.current) setText(o[field]);
  }, [o, field]);
  useEffect(() => {
    if (!dirty.current) return;
    const t = setTimeout(() => {
      const fields: OrderFields = { [field]: text };
      updateOrderFields(api, { id: o.id, version: version.current }, fields)
        .then((saved) => {
          dirty.current = false;
          version.current = saved.version;
          setState('saved');
        })
        .catch((e: unknown) => {
          setState('');
          toast.error(DM.updateFailed(errorText(e)));
        });
    }, DISPATCH.textSaveMs);
    return () => clearTimeout(t);
  }, [text, api, o.id, field]);
  return (
    <span className="sch-text">
      <input
        className="pu-input sch-text-input"
        aria-label={`${label} of order ${o.orderId}`}
        data-testid={`${field}-${o.id}`}
        value={text}
        maxLength={4000}
        onChange={(e) => {
          dirty.current = true;
          setState('pending');
          setText(e.target.value);
        }}
      />
      {state && (
        <span className="sch-text-state" data-testid={`${field}-state-${o.id}`}>
          {state === 'pending' ? '…' : '✓'}
        </span>
      )}
    </span>
  );
}

/** A leg's vehicle: its fleet name, the id when routing does not know it (yet), '—' when none. */
const vehicleName = (id: string | undefined, name: string | undefined) => name || id || '—';

export interface RowProps {
  o: ScheduleOrder;
  role: number;
  staff: boolean;
  extra: boolean;
}

/** One order of the schedule (a table row; a card at 700 px: each cell shows its label). */
export const OrderRow = memo(function OrderRow({ o, role, staff, extra }: RowProps) {
  const status = statusNameFor(o.status as OrderStatusNumber, role);
  return (
    <tr data-testid={`order-${o.id}`} data-status={o.status}>
      <td data-label="Order">
        <Link to={orderLink(o.id)} data-testid={`order-link-${o.id}`}>
          {o.orderId}
        </Link>
      </td>
      <td data-label="Status" data-testid={`status-${o.id}`}>
        {status}
      </td>
      <td data-label="Vendor">{o.vendorName}</td>
      <td data-label="Destination">{o.destName}</td>
      <td data-label="Drivers">
        <span>
          <span
            className={o.pickupDriverChanged ? 'sch-changed' : undefined}
            title={o.pickupDriverChanged ? 'Pickup driver changed within 24 hours' : undefined}
            data-testid={`pickup-driver-${o.id}`}
          >
            {o.pickupDriverName || '—'}
            {o.pickupDriverChanged && <span className="sch-changed-tag"> (changed)</span>}
          </span>
          {' / '}
          {o.deliveryDriverName || '—'}
        </span>
      </td>
      <td data-label="Vehicles" data-testid={`vehicles-${o.id}`}>
        {`${vehicleName(o.pickupVehicle, o.pickupVehicleName)} / ${vehicleName(o.deliveryVehicle, o.deliveryVehicleName)}`}
      </td>
      <td data-label="Boxes">{o.weight}</td>
      <td data-label="Manifest">{o.hasManifest ? (o.manifestSigned ? 'Signed' : 'Yes') : 'No'}</td>
      <td data-label="In / Out">{`${o.checkedin ? 'In' : '—'} / ${o.checkedout ? 'Out' : '—'}`}</td>
      <td data-label="Notes">{staff ? <TextCell o={o} field="notes" label="Notes" /> : o.notes}</td>
      {extra && (
        <>
          <td data-label="Pickup address">{addr(o.pickupAddress)}</td>
          <td data-label="Delivery address">{addr(o.destAddress)}</td>
          <td data-label="Licences">{`${o.pickupLN} → ${o.destinationLN}`}</td>
          <td data-label="Billing notes">
            {staff ? <TextCell o={o} field="billingNotes" label="Billing notes" /> : o.billingNotes}
          </td>
        </>
      )}
    </tr>
  );
});

export const HEADS = [
  'Order',
  'Status',
  'Vendor',
  'Destination',
  'Pickup / delivery driver',
  'Pickup / delivery vehicle',
  'Boxes',
  'Manifest',
  'In / Out',
  'Notes',
];
export const EXTRA_HEADS = ['Pickup address', 'Delivery address', 'Licences', 'Billing notes'];

/** A titled table of orders (a route's section, the warehouse block, the dropoffs). */
export function OrderTable({
  title,
  orders,
  testId,
  ...row
}: Omit<RowProps, 'o'> & { title: string; orders: ScheduleOrder[]; testId: string }) {
  if (!orders.length) return null;
  return (
    <section className="sch-section" data-testid={testId}>
      <h4>
        {title} <span className="sch-count">({orders.length})</span>
      </h4>
      <table className="sch-table">
        <thead>
          <tr>
            {[...HEADS, ...(row.extra ? EXTRA_HEADS : [])].map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {orders.map((o) => (
            <OrderRow key={o.id} o={o} {...row} />
          ))}
        </tbody>
      </table>
    </section>
  );
}

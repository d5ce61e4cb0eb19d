import { statusNameFor, type Order, type OrderStatusNumber } from '@portal/contracts';

const when = (s?: { time?: string } | null) => (s?.time ? new Date(s.time).toLocaleString() : 'no');

/** The scanned order at a glance: id, vendor, ship-to, status, boxes, check-in/out, signatures on file. */
export function OrderCard({ order, role }: { order: Order; role: number }) {
  const o = order.data.order;
  const from = order.data.pickupCompany;
  const to = order.data.destCompany;
  return (
    <section className="scan-card" data-testid="scan-order" aria-label="Scanned order">
      <h2 className="scan-card-id" data-testid="scan-order-id">
        {order.orderId}
      </h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="scan-order-status">{statusNameFor(o.status as OrderStatusNumber, role)}</dd>
        <dt>Vendor</dt>
        <dd>{from.DBA || from.Licensee || o.pickupLN}</dd>
        <dt>Ship to</dt>
        <dd>
          {to.DBA || to.Licensee || o.destinationLN}
          {to.City ? `, ${to.City}` : ''}
        </dd>
        <dt>Boxes</dt>
        <dd data-testid="scan-order-boxes">{o.weight || '1'}</dd>
        <dt>Checked in</dt>
        <dd data-testid="scan-order-checkedin">{when(o.checkedin)}</dd>
        <dt>Checked out</dt>
        <dd data-testid="scan-order-checkedout">{when(o.checkedout)}</dd>
        {o.signature?.customer?.name && (
          <>
            <dt>Received by</dt>
            <dd>{o.signature.customer.name}</dd>
          </>
        )}
      </dl>
    </section>
  );
}

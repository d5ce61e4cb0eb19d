import {
  canCancel,
  canTransition,
  Deleted,
  isStaff,
  OrderMessages as M,
  OrderStatus,
  Role,
  type Order,
  type RoleNumber,
} from '@portal/contracts';
import { Button } from '@portal/ui';
import { PrintLabels } from '../labels/PrintLabels.js';

interface Props {
  order: Order | null;
  role: RoleNumber;
  busy: boolean;
  weight: string;
  onPickedUp: () => void;
  /** Record delivery (paper-signed): staff, an order that can move to Delivered. */
  onPaperDelivery: () => void;
  onCheck: (kind: 'checkedin' | 'checkedout') => void;
  onCancel: () => void;
  onDelete: () => void;
  onUndelete: () => void;
  onBack: () => void;
  /** After a label print: the order's new version (the print is a ledger entry). */
  onLabelsPrinted?: (version: number) => void;
}

/**
 * The form's buttons (orders §2 Order form, §4, §6): Order Picked Up (0, 1), Record delivery (paper-signed) (0, 1:
 * the custody gate's override, PaperDeliveryDialog), Submit, Cancel Order (non-drivers while below In Transit),
 * Delete / Undelete (0, 1), "< Back", and Print Labels with its box count (labels are the custody part:
 * mfe-orders/src/labels/PrintLabels.tsx).
 */
export function FormActions(p: Props) {
  const { order, role, busy } = p;
  const staff = isStaff(role);
  const status = order?.data.order.status ?? OrderStatus.received;
  const live = !!order && order.deleted === Deleted.no;
  const canPickUp = staff && live && status < OrderStatus.inTransit;
  const canDeliver =
    staff && live && status !== OrderStatus.delivered && canTransition(status, OrderStatus.delivered, role);
  const cancellable = !!order && canCancel({ status, deleted: order.deleted }, role);
  // orders §4: no Cancel in the all-available mode; shown disabled with the reason rather than hidden
  const allRoutes = !!order?.data.order.showAllRoutes;
  return (
    <div className="ord-actions" data-testid="order-actions">
      <Button onClick={p.onBack} data-testid="order-back">
        &lt; Back
      </Button>
      <span className="ord-actions-gap" />
      {canPickUp && (
        <Button onClick={p.onPickedUp} disabled={busy} data-testid="order-picked-up">
          Order Picked Up
        </Button>
      )}
      {canDeliver && (
        <Button onClick={p.onPaperDelivery} disabled={busy} data-testid="order-paper-delivery">
          Record delivery (paper-signed)
        </Button>
      )}
      {live && staff && (
        <Button onClick={() => p.onCheck('checkedin')} disabled={busy} data-testid="order-checkin">
          {order.data.order.checkedin ? 'Remove Check In' : 'Check In Order'}
        </Button>
      )}
      {live && !staff && role !== Role.Driver && (
        <Button onClick={() => p.onCheck('checkedout')} disabled={busy} data-testid="order-checkout">
          {order.data.order.checkedout ? 'Remove Check Out' : 'Check Out Order'}
        </Button>
      )}
      {cancellable && (
        <Button
          variant="danger"
          onClick={p.onCancel}
          disabled={busy || allRoutes}
          title={allRoutes ? M.cancelAllRoutes : undefined}
          data-testid="order-cancel"
        >
          Cancel Order
        </Button>
      )}
      {staff && live && (
        <Button variant="danger" onClick={p.onDelete} disabled={busy} data-testid="order-delete">
          Delete Order
        </Button>
      )}
      {staff && order && order.deleted !== Deleted.no && (
        <Button onClick={p.onUndelete} disabled={busy} data-testid="order-undelete">
          Undelete Order
        </Button>
      )}
      {/* a cancelled or deleted order has no label to print (the service refuses one too) */}
      {live && role !== Role.Driver && (
        <PrintLabels order={order} weight={p.weight} onPrinted={p.onLabelsPrinted} />
      )}
      <Button
        type="submit"
        variant="primary"
        disabled={busy || (!!order && !live)}
        data-testid="order-submit"
      >
        {busy ? 'Saving…' : 'Submit'}
      </Button>
    </div>
  );
}

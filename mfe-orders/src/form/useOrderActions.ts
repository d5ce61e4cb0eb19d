import { useQueryClient } from '@tanstack/react-query';
import { OrderMessages as M, OrderStatus, type Order, type OrderCoreInput } from '@portal/contracts';
import { errorText, toast, usePortal } from '@portal/ui';
import { cancelOrder, deleteOrder, ORDERS_KEY, orderKey, undeleteOrder } from '../api.js';
import { meName, type Me } from './profile.js';
import { conflictOf } from './useOrderSave.js';
import { newScanId, sendScan } from '../scan/scan-api.js';

type Ask = (q: { title: string; text: string; confirm: string }) => Promise<boolean>;

/** The user's profile signature as an order signature (orders §3: name and image from the profile plus a date). */
export function signatureOf(me: Me) {
  if (!me.signature?.image) return null;
  return {
    name: me.signature.name || meName(me),
    image: me.signature.image,
    date: new Date().toISOString(),
    userId: me.id,
  };
}

/**
 * The one-click actions of the form: Order Picked Up (confirm, check-in stamp, status 7, the user's signature as the
 * pickup signature, then submit: orders §4), Cancel with a reason, Delete and Undelete. Each answers the stored order.
 */
export function useOrderActions(
  me: Me,
  current: () => Order | null,
  ask: Ask,
  submit: (extra?: OrderCoreInput, quiet?: boolean) => Promise<Order | null>,
  done: (o: Order) => void,
  onConflict: (message: string) => void,
) {
  const { api } = usePortal();
  const qc = useQueryClient();
  const stored = (o: Order) => {
    qc.setQueryData(orderKey(o.id), o);
    void qc.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
    void qc.invalidateQueries({ queryKey: [...ORDERS_KEY, 'history', o.id] });
    done(o);
  };
  const run = async (what: string, call: (o: Order) => Promise<Order>, success: string) => {
    const o = current();
    if (!o) return;
    try {
      stored(await call(o));
      toast.success(success);
    } catch (e) {
      const c = conflictOf(e);
      if (c) onConflict(c);
      else toast.error(`${what} failed: ${errorText(e)}`);
    }
  };
  return {
    pickedUp: async () => {
      const sig = signatureOf(me);
      if (!sig) return toast.error(`${M.noSignature} ${M.setupSignature}`);
      if (!(await ask({ title: 'Order Picked Up', text: M.confirmPickedUp, confirm: 'Picked up' }))) return;
      const o = current();
      await submit({
        status: OrderStatus.pickedUp,
        checkedin: { time: new Date().toISOString(), user: me.id },
        signature: { ...(o?.data.order.signature ?? {}), pickup: sig },
      });
    },
    /** Check In (staff) / Check Out (other non-drivers) toggle their stamp (orders §4); check-out confirms the count. */
    check: async (kind: 'checkedin' | 'checkedout', weight: string) => {
      const o = current();
      if (!o) return;
      const on = !o.data.order[kind];
      if (on && kind === 'checkedout') {
        const text = `${M.confirmBoxCount} (${weight || '1'})`;
        if (!(await ask({ title: 'Check Out Order', text, confirm: 'Confirm' }))) return;
      }
      // the custody calls (a ledger step, the compliance gate), not the generic update
      const step = kind === 'checkedin' ? 'checkin' : 'checkout';
      const count = step === 'checkout' && on ? { weight: weight || '1' } : {};
      try {
        const a = await sendScan(api, { step, body: { id: o.id, scanId: newScanId(), undo: !on, ...count } });
        stored(a.data.order);
        toast.success(a.message);
        if (a.warning) toast.info(a.warning);
      } catch (e) {
        const c = conflictOf(e);
        if (c) onConflict(c);
        else toast.error(errorText(e));
      }
    },
    /** Delivered, signed on paper (staff): the dialog shows a refusal, so it is thrown to it. */
    paperDelivered: async (name: string, reason: string) => {
      const o = current();
      if (!o) return;
      const body = { id: o.id, scanId: newScanId(), paper: { name }, override: { reason } };
      const a = await sendScan(api, { step: 'delivered', body });
      stored(a.data.order);
      toast.success(a.message);
    },
    cancel: (reason: string) => run('Cancel', (o) => cancelOrder(api, o, reason), M.orderCancelled),
    remove: async () => {
      if (!(await ask({ title: 'Delete Order', text: 'Delete this order?', confirm: 'Delete' }))) return;
      await run('Delete', (o) => deleteOrder(api, o), M.orderDeleted);
    },
    undelete: () => run('Undelete', (o) => undeleteOrder(api, o), 'The order has been restored.'),
  };
}

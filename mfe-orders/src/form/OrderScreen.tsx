import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isStaff, isSuspended, OrderMessages as M, type Order, type RoleNumber } from '@portal/contracts';
import {
  Alert,
  Button,
  errorText,
  Modal,
  navigateTo,
  PageTitle,
  useIsMobile,
  usePortal,
  useQuery as useUrlQuery,
} from '@portal/ui';
import { getOrder, orderKey } from '../api.js';
import { OrderForm } from './OrderForm.js';
import { mayEditOrder, OrderView } from './OrderView.js';
import { useMe } from './profile.js';

/** The signed-in profile and, for an id, the order: loading and error states shared by page and modal. */
function useOrderData(id: string | null) {
  const { api } = usePortal();
  const me = useMe();
  const order = useQuery({
    queryKey: orderKey(id ?? ''),
    queryFn: () => getOrder(api, id!),
    enabled: !!id,
    // The form owns its copy once open: a background refetch must not reset what the user is typing.
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  const pending = me.isPending || (!!id && order.isPending);
  const error = me.error ?? (id ? order.error : null);
  return { me: me.data, order: id ? (order.data ?? null) : null, pending, error };
}

export const orderTitle = (o: Order | null, readOnly = false) =>
  o ? `${readOnly ? 'Order' : 'Edit Order'} ${o.orderId}` : 'Create Order';
/** True when the signed-in caller may only look at this order (the receiving company): the title says "Order". */
function useReadOnly(o: Order | undefined): boolean {
  const me = useMe().data;
  return !!me && !!o && !mayEditOrder(me, o);
}

function Body({
  id,
  onDone,
  onBack,
  withBulk,
}: {
  id: string | null;
  onDone: (o: Order, created: boolean) => void;
  onBack: () => void;
  withBulk?: boolean;
}) {
  const { api } = usePortal();
  const qc = useQueryClient();
  const { me, order, pending, error } = useOrderData(id);
  if (pending) return <div className="pu-page-loading" aria-busy="true" />;
  if (error || !me)
    return (
      <Alert type="error" testId="order-load-error">
        {id ? 'The order could not be loaded' : 'Your profile could not be loaded'}: {errorText(error)}
      </Alert>
    );
  // orders §2: a suspended account sees why it cannot order (staff are never suspended from ordering here).
  if (!isStaff(me.role as RoleNumber) && isSuspended(me.verified))
    return (
      <Alert type="error" testId="order-suspended">
        {M.suspended}
      </Alert>
    );
  const reload = async () => {
    if (!id) return null;
    const fresh = await getOrder(api, id);
    qc.setQueryData(orderKey(id), fresh);
    return fresh;
  };
  // the receiving company reads the order (and signs its manifest); editing is the vendor's and staff's (the
  // service refuses it too)
  if (order && !mayEditOrder(me, order))
    return <OrderView order={order} me={me} onBack={onBack} onReload={reload} />;
  return (
    <OrderForm
      key={order?.id ?? 'new'}
      me={me}
      order={order}
      onSaved={onDone}
      onBack={onBack}
      onReload={reload}
      withBulk={withBulk}
    />
  );
}

const back = (fallback: string) => () =>
  window.history.length > 1 ? window.history.back() : navigateTo(fallback);

/** A page form: Create Order, the admin's order page, and Edit Order by `?id=` (orders §2 routes). */
export function OrderPage({ list }: { list: string }) {
  const id = useUrlQuery().get('id');
  const { api } = usePortal();
  const title = useQuery({
    queryKey: orderKey(id ?? ''),
    queryFn: () => getOrder(api, id!),
    enabled: !!id,
    staleTime: Infinity,
  });
  const readOnly = useReadOnly(title.data);
  return (
    <div data-testid="order-page">
      <PageTitle>{orderTitle(id ? (title.data ?? null) : null, readOnly)}</PageTitle>
      <Body
        id={id}
        withBulk={!id}
        onBack={back(list)}
        // orders §2: "after save goes to the orders list"; an edit stays open (its history and further edits).
        onDone={(_o, created) => created && navigateTo(list)}
      />
    </div>
  );
}

/** The Edit Order modal of the lists (a row click, or a `?id=` deep link). */
export function OrderModal({ id, onClose }: { id: string; onClose: () => void }) {
  const { api } = usePortal();
  const mobile = useIsMobile();
  const title = useQuery({ queryKey: orderKey(id), queryFn: () => getOrder(api, id), staleTime: Infinity });
  const readOnly = useReadOnly(title.data);
  return (
    <Modal
      open
      title={title.data ? orderTitle(title.data, readOnly) : 'Order'}
      onClose={onClose}
      testId="order-modal"
      width={mobile ? undefined : 1100}
    >
      <Body id={id} onBack={onClose} onDone={() => undefined} />
      <div className="ord-modal-close">
        <Button onClick={onClose}>Close</Button>
      </div>
    </Modal>
  );
}

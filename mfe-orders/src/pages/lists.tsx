import { Role } from '@portal/contracts';
import { useSessionUser } from '@portal/ui';
import { OrderListScreen, type ListVariant } from '../lists/OrderListScreen.js';

/** The four signed-in lists of orders §2 as variants of one screen (one chunk). */
const VARIANTS: Record<string, ListVariant> = {
  outgoing: {
    kind: 'outgoing',
    title: 'Outgoing Orders',
    path: '/dashboard/orders',
    opens: true,
    create: { label: 'Create Order', path: '/dashboard/createOrder' },
    empty: 'Your company has not sent any orders in the last 40 days. Create an order to schedule a pickup.',
  },
  incoming: {
    kind: 'incoming',
    title: 'Incoming Orders',
    path: '/dashboard/incomingorders',
    opens: false,
    empty: 'No orders are on their way to your company in the last 40 days.',
  },
  placed: {
    kind: 'placed',
    title: 'Placed Orders',
    path: '/dashboard/placedorders',
    opens: true,
    week: true,
    empty: 'Your company placed no orders in the month from this week. Pick an earlier week.',
  },
  driver: {
    kind: 'driver',
    title: 'Incoming Orders',
    path: '/dashboard/incomingorders',
    opens: true,
    empty: 'No orders are assigned to you as pickup or delivery driver.',
  },
  admin: {
    kind: 'admin',
    title: 'Manage Orders',
    path: '/dashboard/adminManageOrders',
    opens: true,
    week: true,
    create: { label: 'Create Admin Order', path: '/dashboard/adminEditOrder' },
    empty: 'No orders are due for delivery this week. Pick another week, or search all history.',
  },
};

export const OutgoingOrders = () => <OrderListScreen variant={VARIANTS.outgoing!} />;
/** A driver's list is the orders they drive, most recent 200/300 (orders §6), opening their reduced form. */
export const IncomingOrders = () => {
  const driver = useSessionUser()?.role === Role.Driver;
  return <OrderListScreen key={String(driver)} variant={driver ? VARIANTS.driver! : VARIANTS.incoming!} />;
};
export const PlacedOrders = () => <OrderListScreen variant={VARIANTS.placed!} />;
export const AdminOrders = () => <OrderListScreen variant={VARIANTS.admin!} />;
export { PublicOrders } from '../lists/PublicOrders.js';

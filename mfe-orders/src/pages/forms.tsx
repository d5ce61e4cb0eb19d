import { OrderPage } from '../form/OrderScreen.js';

/** The order form as a page (orders §2 routes): after a create each goes to its list. */
export const CreateOrder = () => <OrderPage list="/dashboard/orders" />;
export const AdminEditOrder = () => <OrderPage list="/dashboard/adminManageOrders" />;
export const EditOrder = () => <OrderPage list="/dashboard/orders" />;

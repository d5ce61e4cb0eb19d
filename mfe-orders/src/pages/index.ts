import type { ComponentType } from 'react';
import { emptyScreen, lazyPage } from '@portal/ui';

// One chunk per real screen, fetched on first visit (issue 9, the browser budget); empty states are a few bytes.
const OrdersList = lazyPage(
  () => import('./OrdersList.js'),
  (m) => m.OrdersList,
);
const CreateOrder = lazyPage(
  () => import('./CreateOrder.js'),
  (m) => m.CreateOrder,
);

/** The screen for each path of src/manifest.ts (test/manifest.test.ts checks both ways). */
export const PAGES: Record<string, ComponentType> = {
  '/dashboard/orders': OrdersList,
  '/dashboard/incomingorders': emptyScreen(
    'Incoming Orders',
    'Orders other licensees are sending to your company, with their delivery day and status. There are no incoming orders to show yet.',
  ),
  '/dashboard/placedorders': emptyScreen(
    'Placed Orders',
    'Orders your company placed on behalf of a vendor or a receiver. There are no placed orders to show yet.',
  ),
  '/dashboard/createOrder': CreateOrder,
  '/dashboard/editOrder': emptyScreen(
    'Edit Order',
    'Change an order before it is picked up. No order is open for editing.',
  ),
  '/dashboard/checkout': emptyScreen(
    'Check Out',
    'Scan or type order barcodes to check orders out of the facility for delivery. No orders are waiting to be checked out yet.',
  ),
  '/dashboard/adminManageOrders': emptyScreen(
    'Manage Orders',
    'Every order across companies, for staff to review, route and update. There are no orders to manage yet.',
  ),
  '/dashboard/adminEditOrder': emptyScreen(
    'Create Admin Order',
    'Staff create or correct an order for any company here. There is no order open for editing yet.',
  ),
  '/dashboard/checkin': emptyScreen(
    'Check In',
    'Scan or type order barcodes as orders arrive at the facility. No orders have been checked in yet.',
  ),
  '/dashboard/publicorders': emptyScreen(
    'Public Orders',
    "A company's shared order list, by week when the link names a user. There are no public orders to show yet.",
  ),
};

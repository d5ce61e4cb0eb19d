/**
 * The single order's domain in one import: who is calling and what they may reach
 * (order-access.ts), the writes with their ledger entries and events (order-write.ts), the rules' server part
 * (order-prepare.ts), the answer's shape (order-view.ts). The lists are lists*.ts (part B), the bulk upload bulk/.
 */
export {
  callerOf,
  mayRead,
  mayWrite,
  readableOrder,
  writableOrder,
  findOrder,
  type Caller,
} from './order-access.js';
export { cancelOrder, createOrder, setDeleted, updateOrder, type WriteDeps } from './order-write.js';
export { nextOrderIds } from './order-ids.js';
export { OrderInvalid, emptyData, mergeData, prepareOrder } from './order-prepare.js';
export { forViewer, toOrderDto } from './order-view.js';
export { verifyChain } from './ledger.js';

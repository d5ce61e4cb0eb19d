/**
 * What orders will publish and consume, typed by the contracts' EventCatalogue once the subjects exist there:
 * - publishes `orders.order.created.v1` and `orders.order.status-changed.v1` through the outbox on the Order
 *   document (kit `withOutbox`: the event is saved with the write, relayed to the ORDERS stream afterwards);
 *   routing's schedule and billing's order projection are built from them;
 * - consumes `accounts.user.updated.v1` / `accounts.user.deleted.v1` into the members read model
 *   (domain/members.ts `recordMember` / `forgetMember`) — waiting for accounts' user events to carry the user's
 *   company (`companyKey`); until then tests fill the read model through the same domain functions.
 */
export const consumers = [];

/**
 * What routing will publish and consume (issue 11), typed by the contracts' EventCatalogue once the subjects exist:
 * - publishes `routing.route.changed.v1` on every route create/update/delete, through the outbox on the Route
 *   document (kit `withOutbox`), so orders and the schedule keep their read models of routes;
 * - consumes `orders.order.*` into the daily schedule's read model.
 * Nothing is published yet: the list endpoint only reads.
 */
export const consumers = [];

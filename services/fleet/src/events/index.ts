/**
 * What fleet will publish and consume (issue 11), typed by the contracts' EventCatalogue once the subjects exist:
 * - publishes `fleet.driver.linked.v1` / `fleet.driver.unlinked.v1` (a driver record tied to a portal user by email)
 *   and `fleet.vehicle.service-due.v1` (a maintenance threshold crossed; notifications mails the admins once),
 *   through the outbox on the Driver and Vehicle documents (kit `withOutbox`);
 * - consumes `accounts.user.updated.v1` / `accounts.user.deleted.v1` to keep driver links current.
 * Nothing is published yet: the list endpoints only read.
 */
export const consumers = [];

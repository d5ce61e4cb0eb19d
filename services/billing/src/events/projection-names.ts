import { STREAMS, Subjects } from '@portal/contracts';
import { defineConsumer } from '@portal/service-kit';
import { applyName } from '../domain/projection/store.js';
import { applyMember } from '../domain/projection/members.js';

/** routing.route.changed.v1 → `route:<id>` (a deleted route keeps its name, marked deleted: old orders show it). */
export const projectionRoutesConsumer = defineConsumer({
  durable: 'billing-projection-routes',
  stream: STREAMS.routing,
  subjects: [Subjects.routeChanged],
  concurrency: 1,
  async handle(event) {
    const { action, route } = event.data;
    await applyName('route', route.id, route.name, action === 'deleted', event.time);
  },
});

/** fleet.driver.changed.v1 → `driver:<id>`. */
export const projectionDriversConsumer = defineConsumer({
  durable: 'billing-projection-drivers',
  stream: STREAMS.fleet,
  subjects: [Subjects.driverChanged],
  concurrency: 1,
  async handle(event) {
    const { action, driver } = event.data;
    await applyName('driver', driver.id, driver.name, action === 'deleted', event.time);
  },
});

/** accounts.user.* (the user as accounts wrote it) → MemberModel as of the envelope's time; deleted marks it gone. */
export const projectionUsersConsumer = defineConsumer({
  durable: 'billing-projection-users',
  stream: STREAMS.accounts,
  subjects: [Subjects.userCreated, Subjects.userUpdated, Subjects.userSuspended, Subjects.userDeleted],
  concurrency: 1,
  async handle(event) {
    await applyMember(event.data, new Date(event.time), event.type === Subjects.userDeleted);
  },
});

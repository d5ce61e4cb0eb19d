import { STREAMS, Subjects } from '@portal/contracts';
import { defineConsumer } from '@portal/service-kit';
import { applyName } from '../domain/projection/store.js';
import { applyMember } from '../domain/projection/members.js';
import { REQUESTED_BY, noteAnswered } from './projection-request.js';

/**
 * The snapshot pages answering billing's request (requestedBy 'billing', this instance's scope) → the same writes
 * as the events, as of the page's `asOf` (an event newer than it wins for members; names are last-write).
 */
const mine = (p: { requestedBy: string; scope?: string }, suffix: unknown) =>
  p.requestedBy === REQUESTED_BY && (p.scope ?? '') === String(suffix ?? '');

export const projectionUsersSnapshotConsumer = defineConsumer({
  durable: 'billing-projection-users-snapshot',
  stream: STREAMS.accounts,
  subjects: [Subjects.snapshotPublished],
  concurrency: 1,
  async handle(event, { app }) {
    const p = event.data;
    if (!mine(p, app.env.CONSUMER_SUFFIX) || p.kind !== 'users') return;
    noteAnswered(p.requestId);
    const asOf = new Date(p.asOf);
    for (const u of p.users ?? []) await applyMember(u, asOf);
  },
});

export const projectionDriversSnapshotConsumer = defineConsumer({
  durable: 'billing-projection-drivers-snapshot',
  stream: STREAMS.fleet,
  subjects: [Subjects.fleetSnapshotPublished],
  concurrency: 1,
  async handle(event, { app }) {
    const p = event.data;
    if (!mine(p, app.env.CONSUMER_SUFFIX) || p.kind !== 'drivers') return;
    noteAnswered(p.requestId);
    for (const d of p.drivers ?? []) await applyName('driver', d.id, d.name, false, p.asOf);
  },
});

export const projectionRoutesSnapshotConsumer = defineConsumer({
  durable: 'billing-projection-routes-snapshot',
  stream: STREAMS.routing,
  subjects: [Subjects.routesSnapshotPublished],
  concurrency: 1,
  async handle(event, { app }) {
    const p = event.data;
    if (!mine(p, app.env.CONSUMER_SUFFIX)) return;
    noteAnswered(p.requestId);
    for (const r of p.routes) await applyName('route', r.id, r.name, r.deleted, p.asOf);
  },
});

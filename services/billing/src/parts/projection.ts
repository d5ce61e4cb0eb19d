import { Type } from 'typebox';
import type { Part } from './part.js';
import { projectionFeed } from '../events/projection-request.js';
import { projectionOrdersConsumer, projectionOrdersSnapshotConsumer } from '../events/projection-orders.js';
import {
  projectionDriversConsumer,
  projectionRoutesConsumer,
  projectionUsersConsumer,
} from '../events/projection-names.js';
import {
  projectionDriversSnapshotConsumer,
  projectionRoutesSnapshotConsumer,
  projectionUsersSnapshotConsumer,
} from '../events/projection-snapshots.js';

/**
 * The projection part (see part.ts): billing's read models (models/order-projection.ts, member.ts) fed by
 * orders', routing's, fleet's and accounts' events, and filled by a snapshot when empty or stale (projection-request).
 */
export const projectionPart = (): Part => ({
  routes: [projectionFeed],
  consumers: [
    projectionOrdersConsumer,
    projectionOrdersSnapshotConsumer,
    projectionRoutesConsumer,
    projectionDriversConsumer,
    projectionUsersConsumer,
    projectionUsersSnapshotConsumer,
    projectionDriversSnapshotConsumer,
    projectionRoutesSnapshotConsumer,
  ],
  env: {
    /** 'off': no snapshot request at start (tests seed or publish what they need). */
    BILLING_SNAPSHOT: Type.Union([Type.Literal('on'), Type.Literal('off')], { default: 'on' }),
  },
});

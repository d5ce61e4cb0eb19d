import { Type } from 'typebox';
import type { Part } from './part.js';
import {
  projectionDriversSnapshotConsumer,
  projectionFeed,
  projectionOrdersSnapshotConsumer,
  projectionRoutesSnapshotConsumer,
  projectionUsersSnapshotConsumer,
} from '../readmodels/feed.js';
import { projectionOrdersConsumer } from '../readmodels/store.js';
import { projectionDriversConsumer, projectionRoutesConsumer } from '../readmodels/names.js';
import { projectionUsersConsumer } from '../readmodels/members.js';

/**
 * The projection part (see part.ts): billing's read models (readmodels/: order-projection.ts, member.ts) fed by
 * orders', routing's, fleet's and accounts' events, and filled by a snapshot when empty or stale (readmodels/feed.ts).
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

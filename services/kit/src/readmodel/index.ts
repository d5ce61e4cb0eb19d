// A read model of another service's records in one small API: ask for a snapshot when empty or stale (feed.ts),
// answer others' requests in pages (answer.ts), apply states by the version rule (apply.ts).
export {
  snapshotFeed,
  SnapshotFeed,
  inScope,
  streamReach,
  RETRY_FIRST_MS,
  RETRIES,
  type SnapshotHead,
  type SnapshotNeed,
  type SnapshotFeedDef,
  type RequestBody,
} from './feed.js';
export {
  answerSnapshots,
  keysetPages,
  keysetAfter,
  pageHead,
  SNAPSHOT_MARGIN_MS,
  type SnapshotRequest,
} from './answer.js';
export {
  applyIfNewer,
  applyNewer,
  knownVersions,
  isNewer,
  orderFactsConsumer,
  type Applied,
} from './apply.js';

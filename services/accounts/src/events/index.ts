import { snapshotAnswers } from './snapshot.js';

/**
 * What accounts consumes: only requests for a snapshot of its users, licences and config (snapshot.ts), from a
 * service whose read model of accounts is empty or older than the stream. What it publishes is publishes.ts.
 */
export const consumers = [...snapshotAnswers];

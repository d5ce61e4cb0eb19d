import { Schema, type Connection } from 'mongoose';

/** The ids of the events a service's consumers have handled: a redelivered event is recognised and skipped. */
export const PROCESSED = 'processed_events';
/**
 * processed_events as a model of the service's connection, so the start-up migration makes the collection and its
 * serving index like any model's: every delivery looks its key up by `_id`, which on FerretDB only a GIN index on
 * `_id` serves (its own unique btree is never used by a query): without it each lookup read the whole collection,
 * 15–90 ms at ~50,000 records under a burst of events. No other index: the cleanup's range on `at` is periodic.
 */
export const PROCESSED_MODEL = 'ProcessedEvent';
export const processedModel = (conn: Connection) =>
  conn.models[PROCESSED_MODEL] ??
  // <any>: the inferred model type made TypeScript measure Model's variance anew, and the services' and tests'
  // typed models then no longer passed where a Model<any> is taken
  conn.model<any>(
    PROCESSED_MODEL,
    new Schema({ _id: String, at: Date }, { versionKey: false, autoIndex: false }),
    PROCESSED,
  );

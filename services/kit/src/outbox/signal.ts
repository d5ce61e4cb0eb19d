import type { OutboxEvent } from './event.js';
import { docKey } from './doc-lock.js';
import type { OutboxModel } from './types.js';

/**
 * The signal that something is pending, one per app (buildService makes it with the app's outbox models and hands it
 * to the relay): a write through a served model calls it right after the write, so the relay publishes at once
 * instead of at its next sweep. It also holds what a write lends the relay meanwhile: the intents whose documents'
 * inserts are still in flight. A write that finds no signal (a script, an app not started or closed) only stores its
 * events; a relay's sweep publishes them later.
 */
export class OutboxSignal {
  /**
   * Intents of inserts in flight (the document's insert not answered yet), by event id → the document: not the
   * sweep's to publish, and their documents' later events wait.
   */
  readonly saving = new Map<string, { col: string; doc: unknown }>();
  private listener: SignalListener | undefined;

  constructor(readonly models: readonly OutboxModel[]) {}

  /** The relay starts: the models' writes signal it from now on. */
  open(listener: SignalListener): void {
    this.listener = listener;
    for (const m of this.models) ((m.db as Bindable)[SIGNALS] ??= new Set()).add(this);
  }

  /** The relay stops: the models' writes no longer signal it (their events wait for a sweep). */
  close(): void {
    for (const m of this.models) (m.db as Bindable)[SIGNALS]?.delete(this);
    this.listener = undefined;
  }

  /** Whether the relay serves this model's collection in this model's database. */
  serves(model: Served): boolean {
    const name = model.collection.collectionName;
    return this.models.some((m) => m.db === model.db && m.collection.collectionName === name);
  }

  /** A write queued events on the document `collection:id` (id unknown: the filter named no `_id`). */
  written(collection?: string, id?: unknown): void {
    this.listener?.written(collection !== undefined && id !== undefined ? docKey(collection, id) : undefined);
  }

  /** A new document was written with its only event. */
  inserted(e: InsertedEvent): void {
    this.listener?.inserted(e);
  }
}

/** Where a database connection keeps the signals of the apps whose relays serve some of its models now. */
const SIGNALS = Symbol('outbox signals');
type Bindable = { [SIGNALS]?: Set<OutboxSignal> };
type Served = Pick<OutboxModel, 'db' | 'collection'>;

/** The signal of the app whose relay serves `model`'s collection in its database now; undefined when none does. */
export function signalOf(model: Served): OutboxSignal | undefined {
  for (const s of (model.db as Bindable)[SIGNALS] ?? []) if (s.serves(model)) return s;
  return undefined;
}

/** A document inserted with exactly one event: nothing older can wait on it, so the relay may publish it at once. */
export interface InsertedEvent {
  collection: string;
  id: unknown;
  event: OutboxEvent;
  /** The event waits as an intent (intents.ts), not on the document: the relay deletes its intent once published. */
  intent?: boolean;
  /** The database (mongoose connection) of the document: a relay serves its own models' only. */
  db?: unknown;
}

/** What the relay does when a write signals it (plugins/app/outbox-relay.ts). */
export interface SignalListener {
  /** A new document's only event, handed over whole: published without reading the document back. */
  inserted(e: InsertedEvent): void;
  /** Events were queued on the document `collection:id` (unknown: the write named no single document). */
  written(key?: string): void;
}

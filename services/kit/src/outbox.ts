import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { Schema, type Model, type UpdateQuery, type UpdateWriteOpResult } from 'mongoose';
import { injectTrace } from './telemetry.js';

export interface OutboxEvent {
  id: string;
  subject: string;
  data: unknown;
  time: Date;
  traceparent?: string;
}
export interface NewEvent {
  subject: string;
  data: unknown;
}
export interface OutboxMethods {
  /** Queues an event on this document; it is stored by the next save(), atomically with the data. */
  addEvent(subject: string, data: unknown): this;
}
export interface OutboxStatics {
  /** updateOne that $pushes the events onto the same document in the same update (atomic, no transaction). */
  updateOneWithEvents(
    filter: Record<string, unknown>,
    update: UpdateQuery<unknown>,
    events: NewEvent[],
  ): Promise<UpdateWriteOpResult>;
}
export type OutboxModel = Model<any> & OutboxStatics;

/** In-process nudge: the relay drains right after a write instead of waiting for its sweep. */
export const outboxSignal = new EventEmitter();

function makeEvent(subject: string, data: unknown): OutboxEvent {
  return {
    id: randomUUID(),
    subject,
    data,
    time: new Date(),
    traceparent: injectTrace({} as Record<string, string>).traceparent,
  };
}

/** TEST ONLY fault injection (env OUTBOX_FAULT), read at the point of use so child processes can set it. */
export function outboxFault(point: 'exit-after-write' | 'exit-after-publish'): void {
  if (process.env.OUTBOX_FAULT === point) {
    process.stderr.write(`OUTBOX_FAULT ${point}: exiting\n`);
    process.exit(137);
  }
}

function written(): void {
  outboxFault('exit-after-write');
  outboxSignal.emit('written');
}

const OutboxEventSchema = new Schema(
  { id: String, subject: String, data: Schema.Types.Mixed, time: Date, traceparent: String },
  { _id: false },
);

/** Mongoose schema plugin: `_outbox` on the document, `doc.addEvent()`, `Model.updateOneWithEvents()`. */
export function withOutbox(schema: Schema): void {
  schema.add({ _outbox: { type: [OutboxEventSchema], default: [] } });
  schema.method('addEvent', function (this: { _outbox: OutboxEvent[] }, subject: string, data: unknown) {
    this._outbox.push(makeEvent(subject, data));
    return this;
  });
  schema.static(
    'updateOneWithEvents',
    async function (this: Model<unknown>, filter, update: Record<string, unknown>, events: NewEvent[]) {
      const evs = events.map((e) => makeEvent(e.subject, e.data));
      const push = { ...((update.$push as Record<string, unknown>) ?? {}), _outbox: { $each: evs } };
      const res = await this.updateOne(filter, { ...update, $push: push });
      if (res.matchedCount > 0 && evs.length) written();
      return res;
    },
  );
  schema.pre('save', function () {
    (this as unknown as { $locals: Record<string, unknown> }).$locals.outboxDirty =
      this.isModified('_outbox');
  });
  schema.post('save', function (doc: { _outbox?: OutboxEvent[]; $locals: Record<string, unknown> }) {
    if (doc.$locals.outboxDirty && doc._outbox?.length) written();
  });
  schema.set('toJSON', {
    ...(schema.get('toJSON') ?? {}),
    transform: hideOutbox(schema.get('toJSON')?.transform),
  });
}

type Transform = (doc: unknown, ret: Record<string, unknown>, opts: unknown) => unknown;
function hideOutbox(prev: unknown): Transform {
  return (doc, ret, opts) => {
    delete ret._outbox;
    return typeof prev === 'function' ? (prev as Transform)(doc, ret, opts) : ret;
  };
}

import { mongo } from 'mongoose';

const { ObjectId } = mongo;

/**
 * Natural batching ("group commit"): the first item goes out at once, alone; items added while a write is in
 * flight wait for it and then go out together in one write. No timer, so no latency is added when idle; under load
 * N concurrent requests cost about one round trip, one socket write and one database command instead of N (on the
 * local FerretDB each command costs about a millisecond of CPU across the service, FerretDB and PostgreSQL before it
 * does any work: services/orders README, the order create).
 */
export class Batcher<T> {
  private queue: { item: T; resolve: () => void; reject: (err: unknown) => void }[] = [];
  private running = false;

  /** `write` answers, per item in order, its error (undefined: written); a throw fails the whole batch. */
  constructor(
    private readonly write: (items: T[]) => Promise<(unknown | undefined)[]>,
    private readonly max = 100,
  ) {}

  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (!this.running) void this.flush();
    });
  }

  private async flush(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length) {
        const batch = this.queue.splice(0, this.max);
        let errors: (unknown | undefined)[];
        try {
          errors = await this.write(batch.map((b) => b.item));
        } catch (err) {
          errors = batch.map(() => err);
        }
        batch.forEach((b, i) => (errors[i] === undefined ? b.resolve() : b.reject(errors[i])));
      }
    } finally {
      this.running = false;
    }
  }
}

interface WriteError {
  index?: number;
  code?: number;
  errmsg?: string;
  err?: { index?: number; code?: number; errmsg?: string };
}

/**
 * One unordered `insert` command of `docs`; answers each document's error in order (undefined: inserted). A
 * document's error carries the server's code and message (a duplicate key is `code` 11000, as from insertOne); an
 * error that names no document (the connection, the command, the write concern) is every document's. The command
 * is sent as it is: the driver's insertMany goes through its bulk-write machinery, whose option merging alone was
 * ~4 % of the orders service's CPU under create (cpuprofile). A document without `_id` gets one here, as
 * insertMany gives it.
 */
export async function insertEach(
  col: mongo.Collection<any>,
  docs: Record<string, unknown>[],
): Promise<(Error | undefined)[]> {
  const out: (Error | undefined)[] = docs.map(() => undefined);
  if (!docs.length) return out;
  for (const d of docs) if (d._id === undefined) d._id = new ObjectId();
  let reply: { writeErrors?: WriteError[]; writeConcernError?: { code?: number; errmsg?: string } };
  try {
    reply = await dbOf(col).command({ insert: col.collectionName, documents: docs, ordered: false });
  } catch (err) {
    return docs.map(() => err as Error);
  }
  if (reply.writeConcernError) {
    const e = serverError(
      reply.writeConcernError.errmsg ?? 'write concern error',
      reply.writeConcernError.code,
    );
    return docs.map(() => e);
  }
  for (const w of reply.writeErrors ?? []) {
    const i = w.index ?? w.err?.index;
    if (i !== undefined)
      out[i] = serverError(w.errmsg ?? w.err?.errmsg ?? 'write error', w.code ?? w.err?.code);
  }
  return out;
}

/** The database of a collection: mongoose's (`model.collection`, `conn.collection()`) or the driver's own. */
function dbOf(col: mongo.Collection<any>): mongo.Db {
  const db =
    (col as unknown as { conn?: { db?: mongo.Db } }).conn?.db ??
    (col as unknown as { s?: { db?: mongo.Db } }).s?.db;
  if (!db) throw new Error(`no database for ${col.collectionName} (not connected yet)`);
  return db;
}

function serverError(message: string, code: number | undefined): Error {
  const e = new Error(message) as Error & { code?: number };
  e.name = 'MongoServerError';
  e.code = code;
  return e;
}

/** The batcher of inserts into `col` (one per collection object, made on first use). */
const inserters = new WeakMap<object, Batcher<Record<string, unknown>>>();
export function batchedInsert(col: mongo.Collection<any>, doc: Record<string, unknown>): Promise<void> {
  let b = inserters.get(col);
  if (!b) {
    b = new Batcher((docs) => insertEach(col, docs));
    inserters.set(col, b);
  }
  return b.add(doc);
}

/** A document's key in this process's outbox bookkeeping (locks, the relay's nudges and backoff): `collection:id`. */
export const docKey = (collection: string, id: unknown): string => `${collection}:${String(id)}`;

/** Per-document turns within this process (the outbox plugin and its relay). */
const locks = new Map<string, Promise<unknown>>();
/**
 * Runs fn after any earlier fn of the same document in this process. FerretDB 1.24 updates a document by reading
 * it and writing the whole of it back without a row lock, so the relay's clean-up ($pullAll) racing a write that
 * $pushes a new event could write the old array back and lose that event. Writers with events and the relay
 * serialise here; across processes the race remains (docs/DATA.md).
 */
export function withDocLock<T>(collection: string, id: unknown, fn: () => Promise<T>): Promise<T> {
  const key = docKey(collection, id);
  const prev = locks.get(key) ?? Promise.resolve();
  const run = prev.then(fn, fn);
  const tail = run.catch(() => undefined);
  locks.set(key, tail);
  void tail.then(() => {
    if (locks.get(key) === tail) locks.delete(key);
  });
  return run;
}

/** Waits for the document's turn (withDocLock) and resolves with the function that ends it. */
export function acquireDocLock(collection: string, id: unknown): Promise<() => void> {
  return new Promise((acquired) => {
    void withDocLock(collection, id, () => new Promise<void>((release) => acquired(() => release())));
  });
}

import { createServer, type AddressInfo } from 'node:net';

/** Polls fn until it returns a truthy value (returned) or throws after timeoutMs with the last error. */
export async function waitFor<T>(
  fn: () => Promise<T> | T,
  timeoutMs = 10_000,
  intervalMs = 100,
): Promise<NonNullable<T>> {
  const end = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as NonNullable<T>;
    } catch (err) {
      last = err;
    }
    if (Date.now() > end)
      throw new Error(`waitFor timed out after ${timeoutMs} ms${last ? `: ${(last as Error).message}` : ''}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

/** A free TCP port on 127.0.0.1 (reserved by listening and closing), for a test's own server. */
export async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

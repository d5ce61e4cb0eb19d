import { Worker } from 'node:worker_threads';

/**
 * Untrusted input decoded in a worker thread with its own heap limit and a deadline, so a file that decodes to far
 * more than it weighs (a spreadsheet, a PDF) ends that worker — answered as a refusal — instead of the service.
 * At most `BOUNDED_WORKERS` run at once in a process (the others wait their turn), so concurrent uploads cannot add
 * up to more than that many heaps.
 */
export interface BoundedRun {
  /** The worker module (a file URL; a .ts file is loaded through tsx). */
  file: URL;
  data: unknown;
  /** V8 old-generation heap of the worker, MB. */
  maxHeapMb: number;
  /** Wall time before the worker is ended. */
  timeoutMs: number;
  /** Transferred (not copied) into the worker. */
  transfer?: ArrayBuffer[];
}

/** A worker ended by its limits: `limit` says which, for the caller's own message. */
export class WorkerLimitError extends Error {
  constructor(readonly limit: 'memory' | 'time') {
    super(limit === 'memory' ? 'it needs too much memory to read' : 'it takes too long to read');
    this.name = 'WorkerLimitError';
  }
}

export const BOUNDED_WORKERS = 2;
let running = 0;
const waiting: (() => void)[] = [];

/**
 * The loader flags of this process (tsx) without the rest (telemetry preloads, --test, inspector). A TypeScript
 * worker file (the sources, as a test runs them) gets tsx even where this process runs without it (a bundled test).
 */
function loaderArgs(file: URL): string[] {
  const out: string[] = [];
  const a = process.execArgv;
  for (let i = 0; i < a.length; i++) {
    if (['--import', '--require', '-r', '--loader'].includes(a[i]!) && /tsx/.test(a[i + 1] ?? ''))
      out.push(a[i]!, a[++i]!);
    else if (/^--(import|require|loader)=.*tsx/.test(a[i]!)) out.push(a[i]!);
  }
  if (out.length === 0 && /\.[cm]?tsx?$/.test(file.pathname)) out.push('--import', 'tsx');
  return out;
}

/** Runs the worker module on `data`; resolves with the first message it posts, rejects with its error or a limit. */
export async function runBounded<T>(run: BoundedRun): Promise<T> {
  if (running >= BOUNDED_WORKERS) await new Promise<void>((ok) => waiting.push(ok));
  running++;
  try {
    return await once<T>(run);
  } finally {
    running--;
    waiting.shift()?.();
  }
}

function once<T>(run: BoundedRun): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const worker = new Worker(run.file, {
      workerData: run.data,
      transferList: run.transfer,
      execArgv: loaderArgs(run.file),
      env: {}, // the worker needs no secret of the service's environment
      resourceLimits: {
        maxOldGenerationSizeMb: run.maxHeapMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, run.maxHeapMb >> 3)),
        stackSizeMb: 4,
      },
      stdout: false,
      stderr: false,
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      fn();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new WorkerLimitError('time'))), run.timeoutMs);
    worker.on('message', (m: T) => settle(() => resolve(m)));
    worker.on('error', (err: Error & { code?: string }) =>
      settle(() => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new WorkerLimitError('memory') : err)),
    );
    worker.on('exit', (code) =>
      settle(() => reject(new Error(`the reader stopped without an answer (exit ${code})`))),
    );
  });
}

/**
 * A long-lived bounded worker for a reader that is slow to load (pdf.js: seconds): tasks go one at a time to one
 * worker module that answers `{id, result}` for each `{id, data}`; the heap limit and the deadline hold per worker,
 * and a worker that hits either is ended (its task refused with WorkerLimitError) and a fresh one started for the
 * next task. The worker is unref'd: it never keeps the process alive. With `idleMs`, a worker that had no task for
 * that long is ended (its heap is tens of MB of the service's RSS) and the next task starts a fresh one.
 */
export function boundedWorker<T>(opts: Omit<BoundedRun, 'data' | 'transfer'> & { idleMs?: number }) {
  let worker: Worker | undefined;
  let seq = 0;
  let queue: Promise<unknown> = Promise.resolve();
  let idle: NodeJS.Timeout | undefined;
  const endWhenIdle = () => {
    clearTimeout(idle);
    if (!opts.idleMs) return;
    idle = setTimeout(() => {
      const w = worker;
      worker = undefined;
      void w?.terminate();
    }, opts.idleMs).unref();
  };
  const start = () => {
    const w = new Worker(opts.file, {
      execArgv: loaderArgs(opts.file),
      env: {},
      resourceLimits: {
        maxOldGenerationSizeMb: opts.maxHeapMb,
        maxYoungGenerationSizeMb: Math.min(32, Math.max(4, opts.maxHeapMb >> 3)),
        stackSizeMb: 4,
      },
      stdout: false,
      stderr: false,
    });
    w.unref();
    w.on('error', () => undefined); // each task's own listener reports it
    w.on('exit', () => {
      if (worker === w) worker = undefined;
    });
    return w;
  };
  const task = (data: unknown) =>
    new Promise<T>((resolve, reject) => {
      clearTimeout(idle);
      const w = (worker ??= start());
      const id = ++seq;
      const end = (fn: () => void, kill: boolean) => {
        clearTimeout(timer);
        endWhenIdle();
        w.off('message', onMessage).off('error', onError).off('exit', onExit);
        if (kill) {
          if (worker === w) worker = undefined;
          void w.terminate();
        }
        fn();
      };
      const onMessage = (m: { id: number; result: T }) => {
        if (m.id === id) end(() => resolve(m.result), false);
      };
      const onError = (err: Error & { code?: string }) =>
        end(
          () => reject(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new WorkerLimitError('memory') : err),
          true,
        );
      const onExit = (code: number) =>
        end(() => reject(new Error(`the reader stopped without an answer (exit ${code})`)), true);
      const timer = setTimeout(() => end(() => reject(new WorkerLimitError('time')), true), opts.timeoutMs);
      w.on('message', onMessage).on('error', onError).on('exit', onExit);
      w.postMessage({ id, data });
    });
  return {
    /** Runs one task (after those already queued). */
    run(data: unknown): Promise<T> {
      const next = queue.then(
        () => task(data),
        () => task(data),
      );
      queue = next.catch(() => undefined);
      return next;
    },
    /** Ends the worker (a later task starts a new one). */
    async close() {
      clearTimeout(idle);
      const w = worker;
      worker = undefined;
      await w?.terminate();
    },
  };
}

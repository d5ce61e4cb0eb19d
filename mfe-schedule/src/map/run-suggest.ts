import { suggestOrder, type SuggestPoint, type Suggestion } from './suggest.js';

/**
 * Runs the suggestion in a Web Worker (webpack 5 bundles `new Worker(new URL(…, import.meta.url))` as its own
 * chunk); where no worker can start (no Worker, a blocked script, a bundle without the chunk) it runs here.
 */
export function runSuggest(points: SuggestPoint[]): Promise<Suggestion> {
  return new Promise((resolve) => {
    const inline = () => resolve(suggestOrder(points));
    let worker: Worker;
    try {
      worker = new Worker(new URL('./suggest.worker.ts', import.meta.url), { type: 'module' });
    } catch {
      return inline();
    }
    const done = (fn: () => void) => {
      worker.terminate();
      fn();
    };
    worker.onmessage = (e: MessageEvent<Suggestion>) => done(() => resolve(e.data));
    worker.onerror = (e) => {
      e.preventDefault();
      done(inline);
    };
    worker.postMessage({ points });
  });
}

/// <reference lib="webworker" />
import { suggestOrder, type SuggestPoint } from './suggest.js';

/** The "suggest order" worker: {points} in, the Suggestion out (2-opt on many stops stays off the UI thread). */
self.onmessage = (e: MessageEvent<{ points: SuggestPoint[] }>) => {
  self.postMessage(suggestOrder(e.data.points));
};

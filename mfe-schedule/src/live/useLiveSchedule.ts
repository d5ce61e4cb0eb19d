import { useEffect, useRef, useState } from 'react';
import type { LiveOrderEvent } from '@portal/contracts/dispatch';
import { usePortal, type Session } from '@portal/ui';
import { backoffMs, sseReader } from './sse.js';

/** What the indicator shows: connecting the first time, live while the stream is open, reconnecting after a drop. */
export type LiveState = 'connecting' | 'live' | 'reconnecting';

export const LIVE_LABELS: Record<LiveState, string> = {
  connecting: 'connecting…',
  live: 'live',
  reconnecting: 'reconnecting…',
};

export interface LiveOptions {
  /** YYYY-MM-DD */
  day: string;
  /** The cursor of the schedule answer the screen shows: the stream resumes after it. Undefined: not loaded yet. */
  cursor: number | undefined;
  onEvent(e: LiveOrderEvent): void;
  /** `event: reset` (the server cannot resume from our cursor): refetch the day. */
  onReset(): void;
}

const tokenOf = (session: Session) =>
  (session as Session & { getToken?: () => Promise<string | null> }).getToken?.() ?? Promise.resolve(null);

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const t = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(t), resolve()), { once: true });
  });

/**
 * The live schedule: GET /api/schedule/live?day= read with fetch streaming (the bearer header), parsed as
 * server-sent events; each `event: order` goes to onEvent, `event: reset` to onReset. A dropped or refused stream is
 * retried with backoff (1 s doubling to 30 s) sending Last-Event-ID = the last id seen (at first the answer's
 * cursor), so nothing between the drop and the reconnect is lost. One stream per mounted day; a new day restarts it.
 */
export function useLiveSchedule({ day, cursor, onEvent, onReset }: LiveOptions): LiveState {
  const { session } = usePortal();
  const [state, setState] = useState<LiveState>('connecting');
  const handlers = useRef({ onEvent, onReset });
  handlers.current = { onEvent, onReset };
  const started = cursor !== undefined;
  // Read when the stream (re)starts: a new day's answer brings its own cursor (undefined while it loads).
  const latest = useRef(cursor);
  latest.current = cursor;

  useEffect(() => {
    if (!started) return;
    const stop = new AbortController();
    let last = String(latest.current);
    void (async () => {
      for (let failures = 0; !stop.signal.aborted;) {
        try {
          const token = await tokenOf(session);
          const res = await fetch(`/api/schedule/live?day=${encodeURIComponent(day)}`, {
            headers: {
              accept: 'text/event-stream',
              'last-event-id': last,
              ...(token ? { authorization: `Bearer ${token}` } : {}),
            },
            cache: 'no-store',
            signal: stop.signal,
          });
          if (!res.ok || !res.body || !res.headers.get('content-type')?.includes('text/event-stream'))
            throw new Error(`live: ${res.status}`);
          setState('live');
          failures = 0;
          const sse = sseReader((e) => {
            if (e.id) last = e.id;
            if (e.event === 'reset') handlers.current.onReset();
            else if (e.event === 'order') handlers.current.onEvent(JSON.parse(e.data) as LiveOrderEvent);
          });
          const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
          for (;;) {
            const { value, done } = await reader.read();
            if (done) break;
            sse.push(value);
          }
        } catch {
          // a refused or dropped stream: retried below
        }
        if (stop.signal.aborted) return;
        failures += 1;
        setState('reconnecting');
        await sleep(backoffMs(failures), stop.signal);
      }
    })();
    return () => stop.abort();
  }, [day, started, session]);

  return state;
}

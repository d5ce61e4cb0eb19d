/**
 * A server-sent events reader for fetch streams (the live schedule needs a bearer header, which EventSource cannot
 * send). Feed it text chunks as they arrive; it calls back once per complete event (blank-line terminated), with the
 * WHATWG field rules: `id`, `event` (default "message"), `data` (lines joined by "\n"), comments (`:`) ignored, a
 * trailing CR accepted. An event without data is dropped (but its id still counts as the last id).
 */
export interface SseEvent {
  id?: string;
  event: string;
  data: string;
}

export function sseReader(onEvent: (e: SseEvent) => void) {
  let buffer = '';
  let id: string | undefined;
  let event = '';
  let data: string[] = [];
  const line = (l: string) => {
    if (l === '') {
      if (data.length) onEvent({ id, event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (l.startsWith(':')) return;
    const colon = l.indexOf(':');
    const field = colon < 0 ? l : l.slice(0, colon);
    let value = colon < 0 ? '' : l.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
    else if (field === 'id' && !value.includes('\0')) id = value;
  };
  return {
    push(chunk: string) {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.search(/\r\n|\r|\n/)) >= 0) {
        // A CR at the very end may be the first half of a CRLF split across chunks: wait for the next one.
        if (nl === buffer.length - 1 && buffer[nl] === '\r') break;
        const sep = buffer[nl] === '\r' && buffer[nl + 1] === '\n' ? 2 : 1;
        line(buffer.slice(0, nl));
        buffer = buffer.slice(nl + sep);
      }
    },
    /** The last id seen (what a reconnect sends as Last-Event-ID). */
    get lastId() {
      return id;
    },
  };
}

/** The reconnect pause after `failures` failures in a row: 1 s, 2 s, 4 s … capped at 30 s, with ±20 % jitter. */
export function backoffMs(failures: number, random = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.8 + 0.4 * random()));
}

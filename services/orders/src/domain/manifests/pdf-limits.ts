import { createInflate } from 'node:zlib';
import { Problem, sizeWords } from '@portal/service-kit';

/**
 * What a manifest PDF may expand to, checked before pdf-lib or pdf.js read it: a 20 MB PDF can hold compressed
 * streams (object streams, page contents) that inflate a thousandfold, and a page tree of a hundred thousand pages.
 * Every FlateDecode stream is inflated as a counted stream here (nothing kept), stopping once the whole file's
 * budget is passed; a stream compressed twice over (Flate inside Flate) is refused outright. Then the parse itself
 * runs in a worker with a heap limit and a deadline (pdf-check.ts).
 */
export const MANIFEST_MAX_PAGES = 300;
/** Decoded bytes of all the PDF's Flate streams together (a 50-page text manifest is well under 5 MB). */
export const MANIFEST_MAX_DECODED_BYTES = 64 * 1024 * 1024;
export const MANIFEST_READ_HEAP_MB = 256;
export const MANIFEST_READ_TIMEOUT_MS = 20_000;

export const PdfLimitMessages = {
  pages: (n: number) =>
    `The manifest has ${n.toLocaleString('en-US')} pages, more than ${MANIFEST_MAX_PAGES}; upload the manifest's own pages only.`,
  expands: (what: string) =>
    `The manifest is too large once unpacked: ${what}. Please export it again and retry.`,
  limits: (why: string) =>
    `The manifest could not be read within the server's limits (${why}); please export it again and retry.`,
} as const;

const STREAM = /(?:^|[^a-z])stream(?:\r\n|\n|\r)/g;

/** The text of the stream's dictionary: from the object's start (or 8 KB back) to the `stream` keyword. */
function dictBefore(text: string, at: number): string {
  const from = Math.max(0, at - 8192);
  const head = text.slice(from, at);
  const obj = head.lastIndexOf(' obj');
  return obj >= 0 ? head.slice(obj) : head;
}

/** How many times a dictionary's /Filter applies Flate (0: not compressed with Flate). */
export function flateLayers(dict: string): number {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[A-Za-z0-9]+)/.exec(dict);
  return m ? (m[1]!.match(/\/(FlateDecode|Fl)\b/g) ?? []).length : 0;
}

/** Inflates `data` as a stream, counting and discarding; stops past `budget`. Damaged data counts what came out. */
function inflatedBytes(data: Buffer, budget: number): Promise<number> {
  return new Promise((resolve) => {
    const z = createInflate({ chunkSize: 64 * 1024 });
    let n = 0;
    const done = () => {
      z.removeAllListeners('data');
      z.destroy();
      resolve(n);
    };
    z.on('data', (c: Buffer) => {
      n += c.length;
      if (n > budget) done();
    });
    z.on('error', done);
    z.on('end', done);
    z.end(data);
  });
}

/** Refuses (400, in words) a PDF whose compressed streams expand past the budget or are compressed twice. */
export async function checkPdfStreams(bytes: Buffer, budget = MANIFEST_MAX_DECODED_BYTES): Promise<void> {
  const text = bytes.toString('latin1');
  let total = 0;
  for (const m of text.matchAll(STREAM)) {
    const start = m.index + m[0].length;
    const layers = flateLayers(dictBefore(text, m.index));
    if (!layers) continue;
    if (layers > 1) throw new Problem(400, PdfLimitMessages.expands('a stream is compressed more than once'));
    const end = text.indexOf('endstream', start);
    total += await inflatedBytes(bytes.subarray(start, end < 0 ? bytes.length : end), budget - total);
    if (total > budget)
      throw new Problem(
        400,
        PdfLimitMessages.expands(`its compressed streams expand to more than ${sizeWords(budget)}`),
      );
  }
}

import { ManifestMessages as MM } from '@portal/contracts';
import { boundedWorker, Problem, WorkerLimitError } from '@portal/service-kit';
import {
  MANIFEST_MAX_PAGES,
  MANIFEST_READ_HEAP_MB,
  MANIFEST_READ_TIMEOUT_MS,
  PdfLimitMessages,
  checkPdfStreams,
} from './pdf-limits.js';
export { loadPdfJs, pdfText } from './pdf-text.js';

/**
 * What a manifest upload must be: a PDF by its magic bytes (`%PDF-` at the start; a PNG named .pdf is
 * refused before any parsing), that pdf-lib parses with at least one page, and whose printed text shows the order's
 * licences. Pure: bytes in, facts or a Problem out.
 */
const MAGIC = Buffer.from('%PDF-');

export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length >= MAGIC.length && Buffer.from(bytes.subarray(0, MAGIC.length)).equals(MAGIC);
}

/** The page count of a PDF, or a 4xx Problem (415 not a PDF, 400 unreadable or empty). */
export async function pdfPages(bytes: Uint8Array): Promise<number> {
  if (!isPdf(bytes)) throw new Problem(415, MM.notPdf);
  let pages: number;
  const { PDFDocument } = await import('pdf-lib');
  try {
    const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false });
    pages = doc.getPageCount();
  } catch {
    throw new Problem(400, MM.unreadable);
  }
  if (pages < 1) throw new Problem(400, MM.noPages);
  return pages;
}

const reader = boundedWorker<{ pages: number; text?: string; error?: string }>({
  file: new URL('./pdf-worker.ts', import.meta.url),
  maxHeapMb: MANIFEST_READ_HEAP_MB,
  timeoutMs: MANIFEST_READ_TIMEOUT_MS,
  // pdf.js in its own heap is ~70 MB of RSS: after 2 minutes without a manifest it goes (the next load: ~1 s)
  idleMs: 120_000,
});
/** Starts the reader's worker and loads pdf.js in it (seconds on a busy machine), from the plugin's start. */
export const warmPdfReader = () => reader.run({ warm: true });
export const closePdfReader = () => reader.close();

/**
 * An uploaded manifest read with bounded work: the magic bytes (415), what its compressed streams expand to
 * (pdf-limits.ts, before any parser), then pdf-lib's page count (400 unreadable / no pages / more than
 * MANIFEST_MAX_PAGES) and pdf.js's text of the first `textPages` pages, both in a worker thread with its own heap
 * limit and deadline — a PDF that needs more is a 400 in words, and the service's own heap never holds it.
 */
export async function readPdf(bytes: Uint8Array, textPages = 50): Promise<{ pages: number; text: string }> {
  if (!isPdf(bytes)) throw new Problem(415, MM.notPdf);
  const buf = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  await checkPdfStreams(buf);
  let out: { pages: number; text?: string; error?: string };
  try {
    out = await reader.run({ bytes: new Uint8Array(buf), maxPages: MANIFEST_MAX_PAGES, textPages });
  } catch (err) {
    if (err instanceof WorkerLimitError) throw new Problem(400, PdfLimitMessages.limits(err.message));
    throw err;
  }
  if (out.error) throw new Problem(400, MM.unreadable);
  if (out.pages < 1) throw new Problem(400, MM.noPages);
  if (out.pages > MANIFEST_MAX_PAGES) throw new Problem(400, PdfLimitMessages.pages(out.pages));
  return { pages: out.pages, text: out.text ?? '' };
}

const escape = (ch: string) => ch.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Does `text` show the licence number `lic`? Case-insensitive, spaces inside the number tolerated (a PDF may split
 * it into runs), and bounded: TST-A-100 is not found inside TST-A-1001.
 */
export function showsLicence(text: string, lic: string): boolean {
  const chars = [...lic.replace(/\s+/g, '')];
  if (!chars.length) return true;
  const body = chars.map(escape).join('\\s*');
  return new RegExp(`(?<![A-Za-z0-9-])${body}(?![A-Za-z0-9-])`, 'i').test(text);
}

/** The order's licences the text does not show (pickup first, then destination; empty ones are not asked). */
export function missingLicences(text: string, licences: string[]): string[] {
  return [...new Set(licences.filter((l) => l.trim()))].filter((l) => !showsLicence(text, l));
}

import { parentPort } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';

/**
 * The manifest reader's worker thread (pdf-check.ts `readPdf`): pdf-lib counts the pages, then — when there are no
 * more than `maxPages` — pdf.js extracts the text of the first `textPages`. It runs under the heap limit and deadline
 * the service gave it and answers one `{id, result}` per `{id, data}`; pdf.js stays loaded between uploads.
 */
type Task = { id: number; data: { bytes: Uint8Array; maxPages: number; textPages: number; warm?: boolean } };
let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;

async function text(bytes: Uint8Array, pages: number): Promise<string> {
  const { getDocument } = await (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));
  const task = getDocument({
    data: new Uint8Array(bytes), // pdf.js takes ownership of (detaches) what it is given: a copy
    useWorkerFetch: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const out: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, pages); n++) {
      const content = await (await doc.getPage(n)).getTextContent();
      out.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
    }
    return out.join('\n');
  } catch {
    return ''; // text that cannot be read shows no licence: the mismatch confirmation decides
  } finally {
    await task.destroy();
  }
}

parentPort!.on('message', async ({ id, data }: Task) => {
  if (data.warm) {
    // pdf.js and its in-thread worker loaded by reading one small PDF, so the first upload does not wait for them
    const doc = await PDFDocument.create();
    doc.addPage();
    await text(await doc.save(), 1);
    return parentPort!.postMessage({ id, result: { pages: 0 } });
  }
  let pages: number;
  try {
    const doc = await PDFDocument.load(data.bytes, { ignoreEncryption: true, updateMetadata: false });
    pages = doc.getPageCount();
  } catch {
    return parentPort!.postMessage({ id, result: { error: 'unreadable' } });
  }
  if (pages > data.maxPages) return parentPort!.postMessage({ id, result: { pages } });
  parentPort!.postMessage({ id, result: { pages, text: await text(data.bytes, data.textPages) } });
});

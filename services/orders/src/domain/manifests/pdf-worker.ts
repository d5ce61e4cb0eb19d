import { parentPort } from 'node:worker_threads';
import { PDFDocument } from 'pdf-lib';
import { pdfText } from './pdf-text.js';

/**
 * The manifest reader's worker thread (pdf-check.ts `readPdf`): pdf-lib counts the pages, then — when there are no
 * more than `maxPages` — pdf.js extracts the text of the first `textPages`. It runs under the heap limit and deadline
 * the service gave it and answers one `{id, result}` per `{id, data}`; pdf.js stays loaded between uploads.
 */
type Task = { id: number; data: { bytes: Uint8Array; maxPages: number; textPages: number; warm?: boolean } };

parentPort!.on('message', async ({ id, data }: Task) => {
  if (data.warm) {
    // pdf.js and its in-thread worker loaded by reading one small PDF, so the first upload does not wait for them
    const doc = await PDFDocument.create();
    doc.addPage();
    await pdfText(await doc.save(), 1);
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
  parentPort!.postMessage({ id, result: { pages, text: await pdfText(data.bytes, data.textPages) } });
});

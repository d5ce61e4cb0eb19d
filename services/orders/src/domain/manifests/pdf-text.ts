/**
 * The text printed on a PDF's pages by pdf.js: the one extraction both the manifest reader's worker thread and
 * trusted in-thread callers (tests) use. pdf.js is loaded once per thread, on first use.
 */
let pdfjs: Promise<typeof import('pdfjs-dist/legacy/build/pdf.mjs')> | undefined;
export const loadPdfJs = () => (pdfjs ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

/** The text printed on the PDF's pages (pdf.js text extraction), items joined by spaces, pages by newlines. */
export async function pdfText(bytes: Uint8Array, maxPages = 50): Promise<string> {
  const { getDocument } = await loadPdfJs();
  const task = getDocument({
    data: new Uint8Array(bytes), // pdf.js takes ownership of (detaches) what it is given: a copy
    useWorkerFetch: false,
    disableFontFace: true,
    verbosity: 0,
  });
  try {
    const doc = await task.promise;
    const out: string[] = [];
    for (let n = 1; n <= Math.min(doc.numPages, maxPages); n++) {
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

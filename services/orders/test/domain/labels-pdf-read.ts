import { inflateSync } from 'node:zlib';
import jsqrModule from 'jsqr';
import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';

type Decode = (rgba: Uint8ClampedArray, w: number, h: number) => { data: string } | null;
// jsqr is CommonJS: its function is the module itself or its `default`, depending on the loader
const jsQR = ((jsqrModule as unknown as { default?: Decode }).default ?? jsqrModule) as unknown as Decode;

/**
 * Reads back what a generated PDF really holds (for the label and custody tests): page sizes, the text drawn by
 * the standard fonts (hex strings of WinAnsi codes), and the QR code drawn as 1×1 module squares, rasterised and
 * decoded with jsQR, so a test proves the PRINTED code scans to the order URL.
 */
export async function readPdf(bytes: Uint8Array) {
  const doc = await PDFDocument.load(bytes);
  const streams: string[] = [];
  for (const [, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const filter = obj.dict.get(PDFName.of('Filter'));
    const raw = obj.getContents();
    try {
      streams.push(Buffer.from(filter ? inflateSync(raw) : raw).toString('latin1'));
    } catch {
      // an image or font stream that is not text
    }
  }
  const text: string[] = [];
  for (const s of streams) {
    for (const m of s.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      text.push(Buffer.from(m[1]!, 'hex').toString('latin1'));
    for (const m of s.matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) text.push(m[1]!);
  }
  return {
    pages: doc.getPages().map((p) => p.getSize()),
    text,
    streams,
  };
}

/** Decodes the QR code drawn as `x y 1 1 re` squares in any stream of the PDF; null when none decodes. */
export function decodeQr(streams: string[]): string | null {
  for (const s of streams) {
    const cells = [...s.matchAll(/(\d+) (\d+) 1 1 re/g)].map((m) => [Number(m[1]), Number(m[2])] as const);
    if (cells.length < 50) continue;
    const side = Math.max(...cells.flatMap(([x, y]) => [x, y])) + 3;
    const px = 6;
    const border = 4;
    const w = (side + 2 * border) * px;
    const rgba = new Uint8ClampedArray(w * w * 4).fill(255);
    for (const [x, y] of cells) {
      const row = side - 1 - y + border;
      const col = x + border;
      for (let dy = 0; dy < px; dy++)
        for (let dx = 0; dx < px; dx++) {
          const i = ((row * px + dy) * w + col * px + dx) * 4;
          rgba[i] = rgba[i + 1] = rgba[i + 2] = 0;
        }
    }
    const found = jsQR(rgba, w, w);
    if (found) return found.data;
  }
  return null;
}

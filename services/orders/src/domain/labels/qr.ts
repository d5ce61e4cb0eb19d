import QRCode from 'qrcode';
import { PDFDocument, fill, popGraphicsState, pushGraphicsState, rectangle } from 'pdf-lib';

/** Quiet zone around the code, in modules (the label's white paper adds more). */
export const QR_QUIET = 2;

/** The QR code of `text` as its module matrix (error correction M): `dark[r * size + c]`. */
export function qrMatrix(text: string): { size: number; dark: Uint8Array } {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  return { size: qr.modules.size, dark: Uint8Array.from(qr.modules.data) };
}

/**
 * One page of a separate document holding the code as vector squares, one unit per module (quiet zone included):
 * the label document embeds it ONCE as a form XObject and every label draws that object, so 500 labels carry one
 * copy of the code, sharp at any printer resolution.
 */
export async function qrPage(text: string): Promise<PDFDocument> {
  const { size, dark } = qrMatrix(text);
  const side = size + 2 * QR_QUIET;
  const doc = await PDFDocument.create();
  const page = doc.addPage([side, side]);
  const ops = [pushGraphicsState()];
  for (let r = 0; r < size; r++)
    for (let c = 0; c < size; c++)
      if (dark[r * size + c]) ops.push(rectangle(QR_QUIET + c, side - QR_QUIET - r - 1, 1, 1));
  ops.push(fill(), popGraphicsState());
  page.pushOperators(...ops);
  return doc;
}

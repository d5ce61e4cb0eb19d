import { PDFDocument, StandardFonts } from 'pdf-lib';

// Fixtures of the signing tests (domain and routes).
/** A 2-page manifest as an uploader would send it. */
export async function manifestPdf(text = 'MANIFEST 0001'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const n of [1, 2])
    doc.addPage([612, 792]).drawText(`${text} page ${n}`, { x: 50, y: 700, font, size: 14 });
  return doc.save();
}
/** A real 4 × 2 PNG (a red pixel row and a transparent one), a valid PNG. */
export const PNG_DATA_URL =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAQAAAACCAYAAAB/qH1jAAAAEUlEQVR4nGP4z8DwHxkzoAMAy1YH+Vr40AkAAAAASUVORK5CYII=';

import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';

/**
 * The signature block stamped into a manifest (the signature pad): pure, bytes in and bytes out. The block
 * goes on a page APPENDED after the manifest's last page, the size of that page: the manifest's own pages are copied
 * untouched (no guess about free space on a scanned page can cover its content), and an inspector reads the
 * original followed by who signed, when, as what, and the two SHA-256 that tie the copy to what was signed.
 */
export interface SignatureMark {
  /** A PNG (or JPEG, a profile image) to draw, or the typed name rendered in an italic script-like face. */
  png?: Uint8Array;
  jpg?: Uint8Array;
  typed?: string;
}
export interface StampInput {
  pdf: Uint8Array;
  mark: SignatureMark;
  kind: 'driver' | 'customer';
  /** The printed name. */
  name: string;
  at: Date;
  orderId: string;
  /** The portal account that signed (name and id). */
  signedBy: { userId: string; name: string };
  unsignedSha256: string;
  signatureSha256: string;
  tags?: string[];
}

export const KIND_LABEL = { driver: 'Driver', customer: 'Customer (receiver)' } as const;
const INK = rgb(0.1, 0.1, 0.18);
const GREY = rgb(0.35, 0.35, 0.4);

/** Every line of text the block prints (also what the tests look for). */
export function blockLines(s: StampInput): { label: string; value: string }[] {
  return [
    { label: 'Order', value: s.orderId },
    { label: 'Signed as', value: KIND_LABEL[s.kind] },
    { label: 'Printed name', value: s.name },
    { label: 'Date/time (UTC)', value: s.at.toISOString().replace('T', ' ').slice(0, 19) },
    { label: 'Signed by account', value: `${s.signedBy.name} (${s.signedBy.userId})` },
    ...(s.tags?.length ? [{ label: 'Rejected package tags', value: s.tags.join(', ') }] : []),
  ];
}

/** WinAnsi (the standard fonts' encoding) cannot draw every character: replace what it cannot. */
function safe(font: PDFFont, text: string): string {
  return [...text]
    .map((ch) => {
      try {
        font.encodeText(ch);
        return ch;
      } catch {
        return '?';
      }
    })
    .join('');
}

/** Wraps `text` into lines no wider than `width` at `size`: by words, a word too long (a tag list) by characters. */
function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const fits = (t: string) => font.widthOfTextAtSize(t, size) <= width;
  const out: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) {
      line = next;
      continue;
    }
    if (line) out.push(line);
    line = '';
    for (const ch of word) {
      if (line && !fits(line + ch)) {
        out.push(line);
        line = '';
      }
      line += ch;
    }
  }
  if (line) out.push(line);
  return out;
}

async function drawMark(doc: PDFDocument, page: PDFPage, s: StampInput, x: number, top: number) {
  const box = { w: 300, h: 60 };
  page.drawRectangle({ x, y: top - box.h, width: box.w, height: box.h, borderColor: GREY, borderWidth: 0.5 });
  let img: PDFImage | undefined;
  if (s.mark.png) img = await doc.embedPng(s.mark.png);
  else if (s.mark.jpg) img = await doc.embedJpg(s.mark.jpg);
  if (img) {
    const scale = Math.min(box.w / img.width, box.h / img.height);
    const [w, h] = [img.width * scale, img.height * scale];
    page.drawImage(img, { x: x + (box.w - w) / 2, y: top - box.h + (box.h - h) / 2, width: w, height: h });
  } else {
    const script = await doc.embedFont(StandardFonts.TimesRomanBoldItalic);
    const text = safe(script, s.mark.typed ?? s.name);
    const size = Math.min(30, (30 * (box.w - 16)) / Math.max(script.widthOfTextAtSize(text, 30), 1));
    page.drawText(text, { x: x + 8, y: top - box.h / 2 - size / 3, size, font: script, color: INK });
  }
  return top - box.h;
}

/** The manifest with the signature page appended (and the hashes in the document's keywords too). */
export async function stampManifest(s: StampInput): Promise<Uint8Array> {
  const doc = await PDFDocument.load(s.pdf, { updateMetadata: false });
  const last = doc.getPage(doc.getPageCount() - 1);
  const { width, height } = last.getSize();
  const page = doc.addPage([Math.max(width, 400), Math.max(height, 400)]);
  const [regular, bold, mono] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.Courier),
  ]);
  const x = 40;
  const right = page.getWidth() - 40;
  let y = page.getHeight() - 50;
  page.drawText('Electronic signature', { x, y, size: 16, font: bold, color: INK });
  y -= 28;
  y = (await drawMark(doc, page, s, x, y)) - 22;
  for (const { label, value } of blockLines(s)) {
    page.drawText(`${label}:`, { x, y, size: 10, font: bold, color: INK });
    for (const line of wrap(regular, safe(regular, value), 10, right - x - 130)) {
      page.drawText(line, { x: x + 130, y, size: 10, font: regular, color: INK });
      y -= 14;
    }
  }
  y -= 8;
  for (const [label, hash] of [
    ['SHA-256 of the unsigned manifest', s.unsignedSha256],
    ['SHA-256 of the signature', s.signatureSha256],
  ] as const) {
    page.drawText(`${label}:`, { x, y, size: 9, font: bold, color: INK });
    page.drawText(hash, { x, y: y - 12, size: 8, font: mono, color: INK });
    y -= 30;
  }
  const note =
    'The pages before this one are the manifest exactly as uploaded: its SHA-256 above can be recomputed from the ' +
    "order's unsigned copy, and both hashes are recorded in the order's ledger.";
  for (const line of wrap(regular, note, 8, right - x)) {
    page.drawText(line, { x, y, size: 8, font: regular, color: GREY });
    y -= 11;
  }
  doc.setKeywords([
    `unsigned-sha256:${s.unsignedSha256}`,
    `signature-sha256:${s.signatureSha256}`,
    `kind:${s.kind}`,
  ]);
  doc.setModificationDate(s.at);
  return doc.save();
}

import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { ROLE_LABELS, type CustodyReport, type RoleNumber } from '@portal/contracts';
import { encodable } from '../labels/text.js';

/** US Letter, portrait, 0.6in margins: the custody report as a state inspector files it. */
const W = 612;
const H = 792;
const M = 44;
const RED = rgb(0.7, 0.1, 0.1);
const GREEN = rgb(0.1, 0.45, 0.2);
const GREY = rgb(0.35, 0.35, 0.35);

/** Lines of at most `width` points: words, and any word too long (a hash) cut where it must. */
export function wrap(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => font.widthOfTextAtSize(s, size) <= width;
  for (const word of encodable(font, text).split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (fits(next)) {
      line = next;
      continue;
    }
    if (line) lines.push(line);
    line = '';
    let rest = word;
    while (!fits(rest)) {
      let n = rest.length - 1;
      while (n > 1 && !fits(rest.slice(0, n))) n--;
      lines.push(rest.slice(0, n));
      rest = rest.slice(n);
    }
    line = rest;
  }
  if (line) lines.push(line);
  return lines;
}

const when = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
const roleName = (r: number) => ROLE_LABELS[r as RoleNumber] ?? `role ${r}`;

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
    readonly footer: string,
  ) {
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage([W, H]);
    this.y = H - M;
    const n = this.doc.getPageCount();
    this.page.drawText(encodable(this.regular, `${this.footer} - page ${n}`), {
      x: M,
      y: M / 2,
      size: 7,
      font: this.regular,
      color: GREY,
    });
  }
  text(
    s: string,
    o: { size?: number; bold?: boolean; indent?: number; color?: ReturnType<typeof rgb> } = {},
  ) {
    const size = o.size ?? 9;
    const font = o.bold ? this.bold : this.regular;
    const x = M + (o.indent ?? 0);
    for (const line of wrap(font, s, size, W - M - x)) {
      if (this.y - size < M) this.newPage();
      this.y -= size + 2;
      this.page.drawText(line, { x, y: this.y, size, font, color: o.color ?? rgb(0, 0, 0) });
    }
  }
  gap(h = 6) {
    this.y -= h;
  }
}

/** GET /orders/:id/custody.pdf: the same report, printable (pdf-lib, standard fonts). */
export async function renderCustodyPdf(r: CustodyReport): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Chain of custody ${r.orderId}`);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const w = new Writer(doc, regular, bold, `Chain of custody ${r.orderId}, generated ${when(r.generatedAt)}`);
  w.text(`Chain of custody - order ${r.orderId}`, { size: 16, bold: true });
  w.text(`Current status: ${r.status}. Generated ${when(r.generatedAt)}.`, { size: 9 });
  w.gap(4);
  w.text(
    r.verified
      ? `LEDGER VERIFIED: all ${r.ledgerEntries} entries recompute and link (sha256).`
      : `LEDGER DOES NOT VERIFY: entry ${r.brokenAt ?? '?'} was changed, removed or reordered.`,
    { size: 10, bold: true, color: r.verified ? GREEN : RED },
  );
  w.gap(8);
  for (const e of r.entries) {
    w.text(`#${e.seq} ${e.title}`, { size: 11, bold: true });
    w.text(`${when(e.at)} by ${e.by.name || e.by.userId} (${roleName(e.by.role)})`, { size: 9 });
    for (const [k, v] of Object.entries(e.facts)) w.text(`${k}: ${v}`, { size: 8, indent: 12 });
    w.text(`hash ${e.hash}`, { size: 7, indent: 12, color: GREY });
    w.text(`prev ${e.prevHash}`, { size: 7, indent: 12, color: GREY });
    w.text(e.verified ? 'verified' : 'NOT VERIFIED', {
      size: 8,
      bold: true,
      indent: 12,
      color: e.verified ? GREEN : RED,
    });
    w.gap(6);
  }
  if (!r.entries.length) w.text('No custody steps recorded yet.');
  return doc.save();
}

import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { LABEL, LabelMessages } from '@portal/contracts';
import type { LabelFacts } from './facts.js';
import { qrPage } from './qr.js';
import { drawFitted, fitText } from './text.js';

/** The label logo as image bytes (config orders.labelLogo), or null: the text fallback is drawn. */
export interface LabelLogo {
  bytes: Uint8Array;
  type: 'png' | 'jpg';
}

/** Page and margin in points: 3.98in × 3.32in = 286.56 × 239.04, 0.5in = 36 (orders §9). */
export const PAGE = {
  w: LABEL.widthIn * LABEL.pt,
  h: LABEL.heightIn * LABEL.pt,
  m: LABEL.marginIn * LABEL.pt,
};
const X0 = PAGE.m;
const X1 = PAGE.w - PAGE.m;
const Y1 = PAGE.h - PAGE.m;
const QR = 80;
/** The left column ends where the QR / route column begins. */
const LEFT_W = X1 - QR - 6 - X0;
export const LOGO_TEXT = 'GPS';
const GREY = rgb(0.35, 0.35, 0.35);

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

function caption(page: PDFPage, f: Fonts, text: string, x: number, y: number) {
  page.drawText(text, { x, y, size: 6, font: f.bold, color: GREY });
}

async function drawLogo(doc: PDFDocument, page: PDFPage, f: Fonts, logo: LabelLogo | null) {
  if (logo) {
    try {
      const img = logo.type === 'png' ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
      const s = img.scaleToFit(110, 26);
      page.drawImage(img, { x: X0, y: Y1 - s.height, width: s.width, height: s.height });
      return;
    } catch {
      // an unreadable image prints the text logo instead of failing the labels
    }
  }
  page.drawText(LOGO_TEXT, { x: X0, y: Y1 - 16, size: 16, font: f.bold });
}

/** Everything a label shows except its "x of y": drawn once, reused by every page as one form XObject. */
async function template(facts: LabelFacts, logo: LabelLogo | null): Promise<PDFDocument> {
  const doc = await PDFDocument.create();
  const f = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const page = doc.addPage([PAGE.w, PAGE.h]);
  await drawLogo(doc, page, f, logo);
  drawFitted(page, f.bold, facts.orderId, { x: X0, y: Y1 - 46, size: 18, maxWidth: X1 - X0 });
  page.drawLine({ start: { x: X0, y: Y1 - 52 }, end: { x: X1, y: Y1 - 52 }, thickness: 0.75 });
  const left = (text: string, y: number, size: number, font = f.regular) =>
    drawFitted(page, font, text, { x: X0, y, size, maxWidth: LEFT_W });
  caption(page, f, 'VENDOR', X0, Y1 - 60);
  left(facts.vendor, Y1 - 70, 9, f.bold);
  caption(page, f, 'SHIP TO', X0, Y1 - 80);
  left(facts.shipTo.name, Y1 - 90, 9, f.bold);
  left(facts.shipTo.street, Y1 - 99, 8);
  left(facts.shipTo.cityZip, Y1 - 108, 8);
  if (facts.shipTo.licence) left(`Lic. ${facts.shipTo.licence}`, Y1 - 116, 7);
  caption(page, f, 'DELIVERY DATE', X0, Y1 - 127);
  left(facts.deliveryDate || 'Not scheduled', Y1 - 140, 12, f.bold);
  const qx = X1 - QR;
  caption(page, f, 'ROUTE', qx, Y1 - 60);
  // an order not on a route yet says so (a lone "-" read as a route name on the dock)
  drawFitted(page, f.bold, facts.route || LabelMessages.noRoute, {
    x: qx,
    y: Y1 - 72,
    size: 11,
    maxWidth: QR,
  });
  const [code] = await doc.embedPdf(await qrPage(facts.url));
  page.drawPage(code!, { x: qx, y: PAGE.m, width: QR, height: QR });
  // pdf-lib writes embedded fonts and pages at save/flush: flushed here, so embedding this page copies them
  await doc.flush();
  return doc;
}

/**
 * One PDF, one page per box: the shared label and "i of n" on each (orders §2 Labels, §9). Each page's content is
 * written as one small uncompressed stream (the label XObject, then the count): pdf-lib's own drawing would deflate
 * 500 tiny streams on save, which alone costs most of a second.
 */
export async function renderLabels(
  facts: LabelFacts,
  count: number,
  logo: LabelLogo | null = null,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Labels ${facts.orderId}`);
  doc.setSubject(facts.url);
  doc.setCreator('GPS portal');
  const [label] = await doc.embedPdf(await template(facts, logo));
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  for (let i = 1; i <= count; i++) {
    const page = doc.addPage([PAGE.w, PAGE.h]);
    const xo = page.node.newXObject('Label', label!.ref);
    const font = page.node.newFontDictionary('Count', bold.ref);
    const f = fitText(bold, `${i} of ${count}`, 16, 110);
    const x = (X1 - bold.widthOfTextAtSize(f.text, f.size)).toFixed(2);
    const ops = `q /${xo.asString().slice(1)} Do Q BT /${font.asString().slice(1)} ${f.size} Tf ${x} ${(Y1 - 16).toFixed(2)} Td ${bold.encodeText(f.text).toString()} Tj ET`;
    page.node.addContentStream(doc.context.register(doc.context.stream(ops)));
  }
  return doc.save({ useObjectStreams: false });
}

import type { PDFFont, PDFPage } from 'pdf-lib';

const charsets = new WeakMap<PDFFont, Set<number>>();

/** The text with every character the standard font cannot encode (WinAnsi) replaced by '?'. */
export function encodable(font: PDFFont, text: string): string {
  let set = charsets.get(font);
  if (!set) charsets.set(font, (set = new Set(font.getCharacterSet())));
  let out = '';
  for (const ch of text.replace(/\s+/g, ' ')) out += set.has(ch.codePointAt(0)!) ? ch : '?';
  return out;
}

/** The size (down to `min`) at which the text fits `maxWidth`, cutting it with '...' when even that is too wide. */
export function fitText(font: PDFFont, text: string, size: number, maxWidth: number, min = 6) {
  let t = encodable(font, text);
  let s = size;
  while (s > min && font.widthOfTextAtSize(t, s) > maxWidth) s -= 0.5;
  if (font.widthOfTextAtSize(t, s) <= maxWidth) return { text: t, size: s };
  while (t.length > 1 && font.widthOfTextAtSize(`${t}...`, s) > maxWidth) t = t.slice(0, -1);
  return { text: `${t}...`, size: s };
}

/** Draws the text at (x, y) fitted to maxWidth; `align: 'right'` ends it at x + maxWidth. Returns the size used. */
export function drawFitted(
  page: PDFPage,
  font: PDFFont,
  text: string,
  at: { x: number; y: number; size: number; maxWidth: number; align?: 'left' | 'right' },
): number {
  if (!text) return at.size;
  const f = fitText(font, text, at.size, at.maxWidth);
  const x = at.align === 'right' ? at.x + at.maxWidth - font.widthOfTextAtSize(f.text, f.size) : at.x;
  page.drawText(f.text, { x, y: at.y, size: f.size, font });
  return f.size;
}

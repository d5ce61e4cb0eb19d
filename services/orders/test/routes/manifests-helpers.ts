import { randomBytes } from 'node:crypto';
import { PDFDocument, StandardFonts } from 'pdf-lib';

import { suiteEnv } from './order-helpers.js';

/** The manifests suites' env. */
export const MANIFEST_ENV = suiteEnv('manifests');

/** A manifest PDF made with pdf-lib: the shipper and receiver licences printed on page 1, `pages` pages. */
export async function manifestPdf(shipper: string, receiver: string, pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let n = 0; n < pages; n++) {
    const page = doc.addPage([612, 792]);
    const lines =
      n === 0
        ? ['TRANSPORT MANIFEST', `Shipper License: ${shipper}`, `Receiver License: ${receiver}`]
        : [`Page ${n + 1}`];
    lines.forEach((l, i) => page.drawText(l, { x: 50, y: 740 - i * 18, size: 11, font }));
  }
  return Buffer.from(await doc.save());
}

/** A multipart body with text fields and one file part named `pdf`. */
export function multipart(
  fields: Record<string, string>,
  file?: { name: string; bytes: Buffer; type?: string },
) {
  const boundary = `----manifest${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file)
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="pdf"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

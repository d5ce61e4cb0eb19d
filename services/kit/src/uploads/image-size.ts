/**
 * An image's pixel size read from its header, before anything decodes it: a PNG of a few kilobytes can declare
 * 30,000 × 30,000 pixels (3.6 GB once decoded, e.g. by pdf-lib's embedPng). PNG, JPEG, GIF and WebP; null when the
 * header cannot be read (the caller refuses such a file or treats it as not an image).
 */
export interface ImageSize {
  width: number;
  height: number;
}

/** Pixels an upload may decode to by default: 4,000 × 4,000 (a phone photo is ~12 Mpx; a logo or signature far less). */
export const MAX_IMAGE_PIXELS = 16_000_000;

export function imageSize(b: Uint8Array): ImageSize | null {
  const buf = Buffer.from(b.buffer, b.byteOffset, b.byteLength);
  if (buf.length >= 24 && buf.readUInt32BE(0) === 0x89504e47 && buf.toString('latin1', 12, 16) === 'IHDR')
    return { width: buf.readUInt32BE(16), height: buf.readUInt32BE(20) };
  if (buf.length >= 10 && buf.toString('latin1', 0, 3) === 'GIF')
    return { width: buf.readUInt16LE(6), height: buf.readUInt16LE(8) };
  if (buf.length >= 30 && buf.toString('latin1', 0, 4) === 'RIFF' && buf.toString('latin1', 8, 12) === 'WEBP')
    return webpSize(buf);
  if (buf.length >= 4 && buf[0] === 0xff && buf[1] === 0xd8) return jpegSize(buf);
  return null;
}

function webpSize(buf: Buffer): ImageSize | null {
  const kind = buf.toString('latin1', 12, 16);
  if (kind === 'VP8X') return { width: buf.readUIntLE(24, 3) + 1, height: buf.readUIntLE(27, 3) + 1 };
  if (kind === 'VP8L') {
    const bits = buf.readUInt32LE(21);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1 };
  }
  if (kind === 'VP8 ') return { width: buf.readUInt16LE(26) & 0x3fff, height: buf.readUInt16LE(28) & 0x3fff };
  return null;
}

/** The first start-of-frame marker's size (SOF0–SOF15 except DHT 0xc4, JPG 0xc8, DAC 0xcc). */
function jpegSize(buf: Buffer): ImageSize | null {
  let p = 2;
  while (p + 9 < buf.length) {
    if (buf[p] !== 0xff) return null;
    const marker = buf[p + 1]!;
    if (marker === 0xff) {
      p++;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker))
      return { height: buf.readUInt16BE(p + 5), width: buf.readUInt16BE(p + 7) };
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7)) {
      p += 2;
      continue;
    }
    p += 2 + buf.readUInt16BE(p + 2);
  }
  return null;
}

/**
 * Why an image is refused before decoding, or null when it may be decoded: its header is unreadable, or it has more
 * than `maxPixels` pixels (or a side over 16,384). In words a user can act on.
 */
export function imageTooLarge(b: Uint8Array, maxPixels = MAX_IMAGE_PIXELS): string | null {
  const s = imageSize(b);
  if (!s || !s.width || !s.height) return 'its size cannot be read';
  if (s.width > 16_384 || s.height > 16_384 || s.width * s.height > maxPixels)
    return `it is ${s.width} × ${s.height} pixels, more than ${(maxPixels / 1e6).toFixed(0)} megapixels`;
  return null;
}

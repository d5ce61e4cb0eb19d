import { imageTooLarge } from '@portal/service-kit';
import type { LabelLogo } from './pdf.js';

/**
 * The label logo from config `orders.labelLogo` (an image data URL, or an http(s)/relative URL of a PNG or JPEG).
 * Labels never wait on the network: a URL is fetched at most once a minute, and a print waits for it at most
 * WAIT_MS; a slower, failing or non-image answer prints the text logo (the fetch still fills the cache for the next
 * print).
 */
const WAIT_MS = 300;
const FETCH_TIMEOUT_MS = 5_000;
const RETRY_MS = 60_000;
const MAX_BYTES = 1_000_000;

interface Entry {
  at: number;
  logo: LabelLogo | null;
  pending?: Promise<LabelLogo | null>;
}
/** One logo is configured at a time; a few past ones are kept while a config change spreads. */
const CACHE_MAX = 16;
const cache = new Map<string, Entry>();

/** The image type from its first bytes (PNG or JPEG), else null. */
export function imageType(b: Uint8Array): LabelLogo['type'] | null {
  if (b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpg';
  return null;
}

const asLogo = (b: Uint8Array): LabelLogo | null => {
  // pdf-lib decodes the logo into every label: an image declaring more pixels than a logo needs prints the text one
  const type = b.length <= MAX_BYTES && !imageTooLarge(b, 4_000_000) ? imageType(b) : null;
  return type ? { bytes: b, type } : null;
};

/** A `data:image/...;base64,` value decoded, else null. */
export function fromDataUrl(value: string): LabelLogo | null {
  const m = /^data:image\/[a-z+.-]+;base64,(.*)$/is.exec(value.trim());
  return m ? asLogo(Buffer.from(m[1]!, 'base64')) : null;
}

async function download(url: string): Promise<LabelLogo | null> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok) return null;
    return asLogo(new Uint8Array(await res.arrayBuffer()));
  } catch {
    return null;
  }
}

/** The logo for `value` (the config string) resolved against the app URL; null → the text logo. */
export async function labelLogo(value: string, appUrl: string, now = Date.now()): Promise<LabelLogo | null> {
  const v = value.trim();
  if (!v) return null;
  if (v.startsWith('data:')) return fromDataUrl(v);
  let url: string;
  try {
    url = new URL(v, appUrl).toString();
  } catch {
    return null;
  }
  if (!/^https?:/.test(url)) return null;
  let e = cache.get(url);
  if (!e || (!e.logo && !e.pending && now - e.at > RETRY_MS)) {
    const entry: Entry = { at: now, logo: null };
    entry.pending = download(url).then((logo) => {
      entry.logo = logo;
      entry.pending = undefined;
      return logo;
    });
    if (!cache.has(url) && cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
    cache.set(url, (e = entry));
  }
  if (!e.pending) return e.logo;
  const late = new Promise<null>((ok) => setTimeout(() => ok(null), WAIT_MS).unref());
  return Promise.race([e.pending, late]);
}

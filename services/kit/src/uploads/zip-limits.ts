import { createInflateRaw } from 'node:zlib';

/**
 * What an uploaded zip (an xlsx, a zip of files) expands to, read from its own directory BEFORE anything is
 * inflated, and refused when it is more than the caller can afford. A zip's sizes are claims: the directory is read
 * without inflating (End Of Central Directory → central directory → each entry's local header, which is what most
 * readers, SheetJS among them, really use), the two copies must agree, and `checkZip` then inflates each entry as a
 * stream, counting and discarding the bytes, stopping at the size it claimed — so a lying entry costs at most its
 * own claim, and nothing is held in memory.
 */

export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated (anything else is refused). */
  method: number;
  compressedSize: number;
  size: number;
  /** Where the entry's data starts in the file (after its local header). */
  dataOffset: number;
}

export interface ZipLimits {
  /** Entries in the archive. */
  maxEntries: number;
  /** Uncompressed bytes of any one entry. */
  maxEntryBytes: number;
  /** Uncompressed bytes of all entries together. */
  maxTotalBytes: number;
  /** Uncompressed ÷ compressed of an entry whose uncompressed size is over `ratioFloorBytes`. */
  maxRatio: number;
  /** Entries smaller than this are not ratio-checked (small XML parts legitimately compress very well). */
  ratioFloorBytes?: number;
}

/** An archive refused by its own directory: `reason` says which limit, in words a user can act on. */
export class ZipLimitError extends Error {
  constructor(
    readonly reason: string,
    /** `size`: a limit of what it expands to; `format`: damaged, or a zip feature not accepted. */
    readonly kind: 'size' | 'format' = 'size',
  ) {
    super(reason);
    this.name = 'ZipLimitError';
  }
}

const EOCD = 0x06054b50;
const CEN = 0x02014b50;
const LOC = 0x04034b50;
const MiB = 1024 * 1024;
/** A size in words: "128 MB", "1.5 MB", "900 KB". */
export const sizeWords = (n: number) =>
  n >= MiB ? `${+(n / MiB).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;

const broken = (what: string) =>
  new ZipLimitError(`the archive is damaged or not supported (${what})`, 'format');

/**
 * The entries of a zip, from its central directory and each entry's local header, without inflating anything.
 * Refused (ZipLimitError): no directory, multi-disk or ZIP64 archives, encrypted entries, methods other than stored
 * and deflate, a local header that disagrees with the directory (name or sizes), entries outside the file.
 */
export function zipEntries(bytes: Buffer, maxEntries = 10_000): ZipEntry[] {
  // the last EOCD signature (readers such as SheetJS search backwards from the end, so both find the same one)
  let e = bytes.length - 4;
  while (e >= 0 && bytes.readUInt32LE(e) !== EOCD) e--;
  if (e < 0 || e + 22 > bytes.length) throw broken('no central directory');
  const disk = bytes.readUInt16LE(e + 4);
  const cdDisk = bytes.readUInt16LE(e + 6);
  const onDisk = bytes.readUInt16LE(e + 8);
  const total = bytes.readUInt16LE(e + 10);
  const cdSize = bytes.readUInt32LE(e + 12);
  const cdOffset = bytes.readUInt32LE(e + 16);
  if (disk !== 0 || cdDisk !== 0 || onDisk !== total) throw broken('multi-disk archive');
  if (total === 0xffff || cdOffset === 0xffffffff || cdSize === 0xffffffff) throw broken('ZIP64');
  if (total > maxEntries) throw new ZipLimitError(`the archive has more than ${maxEntries} entries`);
  if (cdOffset + cdSize > e) throw broken('directory outside the file');
  const out: ZipEntry[] = [];
  let p = cdOffset;
  for (let i = 0; i < total; i++) {
    if (p + 46 > e || bytes.readUInt32LE(p) !== CEN) throw broken('bad directory entry');
    const flags = bytes.readUInt16LE(p + 8);
    const method = bytes.readUInt16LE(p + 10);
    const compressedSize = bytes.readUInt32LE(p + 20);
    const size = bytes.readUInt32LE(p + 24);
    const nameLen = bytes.readUInt16LE(p + 28);
    const extraLen = bytes.readUInt16LE(p + 30);
    const commentLen = bytes.readUInt16LE(p + 32);
    const local = bytes.readUInt32LE(p + 42);
    const name = bytes.toString('latin1', p + 46, p + 46 + nameLen);
    if (flags & 0x2041) throw broken(`encrypted entry ${name}`);
    if (method !== 0 && method !== 8) throw broken(`compression method ${method}`);
    if (size === 0xffffffff || compressedSize === 0xffffffff || local === 0xffffffff) throw broken('ZIP64');
    // a ZIP64 field overrides the 32-bit sizes in some readers (SheetJS): never accepted, in either header
    if (hasZip64Field(bytes, p + 46 + nameLen, extraLen)) throw broken('ZIP64');
    out.push({ name, method, compressedSize, size, dataOffset: localData(bytes, local, name, flags, e) });
    const [cs, s] = [compressedSize, size];
    // the local header's own sizes (SheetJS reads these) must be the directory's, unless a data descriptor follows
    const lf = bytes.readUInt16LE(local + 6);
    if (!(lf & 8) && (bytes.readUInt32LE(local + 18) !== cs || bytes.readUInt32LE(local + 22) !== s))
      throw broken(`sizes of ${name} differ between headers`);
    if (bytes.readUInt16LE(local + 8) !== method) throw broken(`method of ${name} differs between headers`);
    p += 46 + nameLen + extraLen + commentLen;
  }
  return out;
}

/** The data offset of the entry whose local header is at `at`, after checking it names the same entry. */
function localData(bytes: Buffer, at: number, name: string, flags: number, end: number): number {
  if (at + 30 > end || bytes.readUInt32LE(at) !== LOC) throw broken(`no local header for ${name}`);
  const nameLen = bytes.readUInt16LE(at + 26);
  const extraLen = bytes.readUInt16LE(at + 28);
  if (bytes.toString('latin1', at + 30, at + 30 + nameLen) !== name) throw broken(`two names for ${name}`);
  if ((bytes.readUInt16LE(at + 6) & 0x2041) !== (flags & 0x2041)) throw broken(`flags of ${name}`);
  if (hasZip64Field(bytes, at + 30 + nameLen, extraLen)) throw broken('ZIP64');
  return at + 30 + nameLen + extraLen;
}

/** Whether the extra fields at [at, at + len) hold a ZIP64 field (id 1). */
function hasZip64Field(bytes: Buffer, at: number, len: number): boolean {
  const end = Math.min(bytes.length, at + len);
  for (let q = at; q + 4 <= end; q += 4 + bytes.readUInt16LE(q + 2))
    if (bytes.readUInt16LE(q) === 1) return true;
  return false;
}

/**
 * The archive's entries, after checking what they expand to against `limits` (count, each entry, the total, each
 * entry's ratio) from the directory, then that each deflated entry really inflates to no more than it claims
 * (streamed and discarded, stopping at the claim). Throws ZipLimitError naming the first limit exceeded.
 */
export async function checkZip(bytes: Buffer, limits: ZipLimits): Promise<ZipEntry[]> {
  const entries = zipEntries(bytes, limits.maxEntries);
  let total = 0;
  for (const z of entries) {
    if (z.size > limits.maxEntryBytes)
      throw new ZipLimitError(
        `${z.name} unpacks to ${sizeWords(z.size)}, more than ${sizeWords(limits.maxEntryBytes)}`,
      );
    total += z.size;
    if (z.size > (limits.ratioFloorBytes ?? MiB) && z.size > z.compressedSize * limits.maxRatio)
      throw new ZipLimitError(
        `${z.name} is compressed ${Math.round(z.size / Math.max(1, z.compressedSize))} to 1, more than ${limits.maxRatio} to 1`,
      );
  }
  if (total > limits.maxTotalBytes)
    throw new ZipLimitError(
      `the file unpacks to ${sizeWords(total)}, more than ${sizeWords(limits.maxTotalBytes)}`,
    );
  for (const z of entries) await inflatedSize(bytes, z, z.size);
  return entries;
}

/**
 * Inflates the entry as a stream and counts its bytes, keeping none; stops and throws once it passes `max`
 * (the entry's claimed size: a zip whose data is larger than its directory says is refused). Stored entries are
 * their compressed bytes. Answers the entry's first `keep` bytes (for a caller that reads a header, e.g. a sheet's
 * dimension) — at most `keep` bytes are ever held.
 */
export async function inflatedSize(bytes: Buffer, z: ZipEntry, max: number, keep = 0, stopAtKeep = false) {
  if (z.method === 0) {
    if (z.compressedSize !== z.size || z.dataOffset + z.size > bytes.length)
      throw broken(`stored entry ${z.name}`);
    return { size: z.size, head: bytes.subarray(z.dataOffset, z.dataOffset + Math.min(keep, z.size)) };
  }
  const inflate = createInflateRaw({ chunkSize: 64 * 1024 });
  const head: Buffer[] = [];
  let size = 0;
  let kept = 0;
  return new Promise<{ size: number; head: Buffer }>((resolve, reject) => {
    const fail = (err: Error) => {
      inflate.destroy();
      reject(err);
    };
    inflate.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (kept < keep) {
        head.push(chunk.subarray(0, keep - kept));
        kept += Math.min(chunk.length, keep - kept);
      }
      if (stopAtKeep && kept >= keep) {
        inflate.destroy();
        resolve({ size, head: Buffer.concat(head) });
      } else if (size > max)
        fail(new ZipLimitError(`${z.name} unpacks to more than its archive says (${sizeWords(max)})`));
    });
    inflate.on('error', () => fail(broken(`entry ${z.name} cannot be inflated`)));
    inflate.on('end', () => resolve({ size, head: Buffer.concat(head) }));
    // the compressed bytes as the directory counts them: a reader that inflates past them finds the same stream end
    inflate.end(bytes.subarray(z.dataOffset, Math.min(bytes.length, z.dataOffset + z.compressedSize)));
  });
}

/** The first `n` bytes of an entry's content (inflating no more than needed beyond them), as latin1 text. */
export async function entryHead(bytes: Buffer, z: ZipEntry, n: number): Promise<string> {
  return (await inflatedSize(bytes, z, z.size, n, true)).head.toString('latin1');
}

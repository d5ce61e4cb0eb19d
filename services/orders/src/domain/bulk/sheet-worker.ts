import { parentPort, workerData } from 'node:worker_threads';
import * as XLSX from '@e965/xlsx';

/**
 * The spreadsheet reader's worker thread (parse.ts `readUpload`): SheetJS reads the bytes under the heap
 * limit and deadline the service gave this thread, and posts back only the first sheet's cells (dense rows) and its
 * full range. Nothing else of the service is loaded here.
 */
const { bytes, opts } = workerData as { bytes: Uint8Array; opts: XLSX.ParsingOptions };
try {
  const wb = XLSX.read(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
    ...opts,
    type: 'buffer',
  });
  const ws = wb.Sheets[wb.SheetNames[0]!];
  parentPort!.postMessage({ data: ws?.['!data'] ?? [], fullref: ws?.['!fullref'] ?? '' });
} catch (err) {
  parentPort!.postMessage({ error: (err as Error).message });
}

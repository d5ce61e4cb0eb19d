import { once } from 'node:events';
import {
  MANIFEST_ZIP_MAX,
  ManifestMessages as MM,
  type ManifestFile,
  type ManifestListQuery,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { Order, type OrderDoc } from '../../models/order.js';
import { readableOrder, type Caller } from '../order-access.js';
import { manifestFilter } from './query.js';
import { manifestStream, readManifest, type StoreHolder } from './store.js';

/**
 * Several orders' manifests at once: the merge (one PDF for printing, pdf-lib copyPages, one source in memory at
 * a time) and the bulk zip (archiver fed one object-store stream at a time, so memory stays flat whatever the count).
 */

/** The asked orders the caller may read (any other: 404 "Order not found"), split by having a manifest. */
export async function manifestsOf(c: Caller, ids: string[]) {
  const orders = [];
  for (const id of [...new Set(ids)]) orders.push(await readableOrder(c, id));
  const has = (o: OrderDoc) => !!o.manifest?.current?.key;
  return { withManifest: orders.filter(has), missing: orders.filter((o) => !has(o)) };
}

/** One PDF of the orders' current manifests, in the order asked. */
export async function mergeManifests(store: StoreHolder, orders: OrderDoc[]): Promise<Uint8Array> {
  if (!orders.length) throw new Problem(404, MM.noManifests);
  // pdf-lib and archiver load with the first merge or zip asked, not with the service (~25 MB with SheetJS, qrcode)
  const { PDFDocument } = await import('pdf-lib');
  const out = await PDFDocument.create();
  for (const o of orders) {
    const src = await PDFDocument.load(await readManifest(store, o.manifest!.current!.key), {
      ignoreEncryption: true,
      updateMetadata: false,
    });
    for (const p of await out.copyPages(src, src.getPageIndices())) out.addPage(p);
  }
  return out.save({ useObjectStreams: false });
}

/** The zip entry name of an order's manifest: unique per order, safe in every unzip tool. */
export function entryName(o: Pick<OrderDoc, 'orderId'>, f: Pick<ManifestFile, 'filename'>): string {
  return `${o.orderId}-${f.filename.replace(/[^\w.\- ]/g, '_')}`;
}

/** The zip stream of the listed orders' manifests (at most 1000); entries stored, PDFs do not compress much. */
export async function zipManifests(store: StoreHolder, c: Caller, q: ManifestListQuery, now = new Date()) {
  const { default: archiver } = await import('archiver');
  const archive = archiver('zip', { store: true });
  const filter = manifestFilter(c, q, now);
  void (async () => {
    if (filter) {
      const cursor = Order.find(filter)
        .select({ orderId: 1, 'manifest.current': 1 })
        .sort({ 'manifest.current.uploadedAt': -1, _id: -1 })
        .limit(MANIFEST_ZIP_MAX)
        .lean<OrderDoc[]>()
        .cursor();
      for await (const o of cursor as AsyncIterable<OrderDoc>) {
        const cur = o.manifest!.current!;
        const done = once(archive, 'entry');
        archive.append(await manifestStream(store, cur.key), { name: entryName(o, cur) });
        await done; // the next object is opened once this one is written: one stream at a time
      }
    }
    await archive.finalize();
  })().catch((err: Error) => archive.destroy(err));
  return archive;
}

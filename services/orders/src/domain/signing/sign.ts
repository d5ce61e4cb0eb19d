import {
  SigningMessages as SM,
  type ManifestSignedDetail,
  type OrderSignature,
  type SignedManifest,
  type SignedManifestResult,
} from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import type { OrderDoc } from '../../models/order.js';
import { writeCustodyStep } from '../custody-write.js';
import { orderConfig } from '../config.js';
import { recipientsForLicences } from '../../readmodels/members.js';
import { assertActive, readableOrder, type Caller } from '../order-access.js';
import { putPdf, readManifest, sha256, type StoreHolder } from '../manifests/store.js';
import { updatedEvents } from '../order-events/publishes.js';
import { assertMaySign, findReplay, statusAfter, type PreparedSigning } from './rules.js';

/** What one order's signing answers (the route's `signed` entries): the contracts' SignedManifestResult. */
export type SignedResult = SignedManifestResult;

export interface SignDeps {
  store: StoreHolder;
  appUrl: string;
  now?: Date;
}

/** The signed copy's key: beside the unsigned one (manifests/store.ts), by kind, time and its own hash. */
export function signedKey(orderDbId: string, kind: string, at: Date, sha: string): string {
  const t = at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
  return `orders/${orderDbId}/signed-${kind}-${t}-${sha.slice(0, 16)}.pdf`;
}

const result = (o: OrderDoc, s: SignedManifest, replay: boolean): SignedResult => ({
  id: String(o._id),
  orderId: o.orderId,
  version: o.version,
  key: s.key,
  sha256: s.sha256,
  unsignedSha256: s.unsignedSha256,
  signatureSha256: s.signatureSha256,
  replay,
});

/**
 * One order's signature: tenancy and the signing rules first, then the stored manifest is read and its
 * bytes checked against the SHA-256 recorded at upload (a swapped file is refused, never signed), the block is
 * stamped, the signed PDF stored, and ONE conditional write records `manifest.signed`, the signature slot (driver:
 * status In Transit) and the ledger entry 'manifest-signed' with both hashes; the custody event names the copy and
 * who gets it by mail. A replay (same manifest, signature, name and kind) writes nothing and answers the record.
 */
export async function signOne(
  c: Caller,
  id: string,
  p: PreparedSigning,
  deps: SignDeps,
): Promise<SignedResult> {
  assertActive(c);
  const o = await readableOrder(c, id, { history: true });
  const status = o.data.order.status;
  type Status = typeof status;
  assertMaySign(c, { ...o, status }, p.kind);
  const current = o.manifest?.current;
  if (!current) throw new Problem(409, SM.noManifest);
  const replay = findReplay(o.manifest?.signed, current.sha256, p);
  if (replay) return result(o, replay, true);
  const nextStatus = statusAfter(c, { ...o, status }, p);

  const unsigned = await readManifest(deps.store, current.key).catch((err: { code?: string }) => {
    // the recorded object is gone: nothing to sign (any other store failure is a 5xx and retried by the caller)
    if (err?.code === 'NoSuchKey' || err?.code === 'NotFound') throw new Problem(409, SM.noManifest);
    throw err;
  });
  if (sha256(unsigned) !== current.sha256) throw new Problem(409, SM.manifestTampered);
  const now = deps.now ?? new Date();
  // pdf-lib loads with the first signature, not with the service
  const { stampManifest } = await import('./stamp.js');
  const stamped = await stampManifest({
    pdf: unsigned,
    mark: p.mark,
    kind: p.kind,
    name: p.name,
    at: now,
    orderId: o.orderId,
    signedBy: { userId: c.userId, name: c.name },
    unsignedSha256: current.sha256,
    signatureSha256: p.signatureSha256,
    tags: p.tags,
  });
  const sha = sha256(stamped);
  const key = signedKey(String(o._id), p.kind, now, sha);
  await putPdf(deps.store, key, stamped);

  const entry: SignedManifest = {
    key,
    filename: `${o.orderId}-manifest-signed-${p.kind}.pdf`,
    sha256: sha,
    unsignedSha256: current.sha256,
    signatureSha256: p.signatureSha256,
    kind: p.kind,
    name: p.name,
    signedAt: now.toISOString(),
    signedBy: { userId: c.userId, name: c.name },
    ...(p.emails.length ? { emails: p.emails } : {}),
    ...(p.tags.length ? { tags: p.tags } : {}),
  };
  const signature: OrderSignature = {
    name: p.name,
    ...(p.image ? { image: p.image } : {}),
    date: entry.signedAt,
    userId: c.userId,
    ...(p.kind === 'customer' ? { emails: p.emails, tags: p.tags } : {}),
  };
  const order = {
    ...o.data.order,
    status: nextStatus as Status,
    signature: { ...o.data.order.signature, [p.kind]: signature },
  };
  const n = o.manifest?.signed?.length ?? 0;
  const slot = `data.order.signature.${p.kind}`;
  const mailTo = [...p.emails, ...(p.notify ? await recipientsForLicences([o.pickupKey]) : [])];
  const detail: ManifestSignedDetail = {
    key,
    filename: entry.filename,
    kind: p.kind,
    name: p.name,
    sha256: sha,
    unsignedSha256: current.sha256,
    signatureSha256: p.signatureSha256,
    emails: [...new Set(mailTo)].join(','),
  };
  const config = nextStatus !== status ? await orderConfig() : undefined;
  const next = await writeCustodyStep(
    c,
    o,
    {
      step: 'manifest-signed',
      set: {
        data: { ...o.data, order },
        manifest: { ...o.manifest, signed: [...(o.manifest?.signed ?? []), entry] },
      },
      changes: [
        { path: `manifest.signed.${n}.key`, to: key },
        { path: `manifest.signed.${n}.sha256`, to: sha },
        { path: `manifest.signed.${n}.unsignedSha256`, to: current.sha256 },
        { path: `manifest.signed.${n}.signatureSha256`, to: p.signatureSha256 },
        { path: `${slot}.name`, from: o.data.order.signature?.[p.kind]?.name, to: p.name },
        ...(p.image ? [{ path: `${slot}.image`, to: '[image]' }] : []),
        ...(nextStatus !== status ? [{ path: 'data.order.status', from: status, to: nextStatus }] : []),
      ],
      detail: { ...detail },
      ...(config
        ? {
            events: (doc: OrderDoc) =>
              updatedEvents(
                o,
                doc,
                { appUrl: deps.appUrl, changedBy: { userId: c.userId, name: c.name } },
                config,
              ),
          }
        : {}),
    },
    now,
  );
  return result(next, entry, false);
}

import { createHash } from 'node:crypto';
import {
  Messages,
  OrderMessages,
  OrderStatus,
  Role,
  SigningMessages as SM,
  canTransition,
  isStaff,
  transitionMessage,
  type RoleNumber,
  type SignManifestBody,
  type SignedManifest,
} from '@portal/contracts';
import { Problem, imageTooLarge } from '@portal/service-kit';
import type { SignatureMark } from './stamp.js';

/**
 * The signing rules (orders §4 "Signing manifests", §5 "Signing requires a printed name"): pure, so they
 * are unit-tested without a database. The route parses, `prepareSigning` checks the request once, then each order
 * goes through `assertMaySign` / `statusAfter` / `findReplay` before anything is read from the object store.
 */
export interface PreparedSigning {
  kind: 'driver' | 'customer';
  name: string;
  emails: string[];
  tags: string[];
  notify: boolean;
  confirmed: boolean;
  mark: SignatureMark;
  /** SHA-256 of the signature: the image's bytes, or the typed name's UTF-8 bytes. */
  signatureSha256: string;
  /** The image as the order keeps it (data URL), when it is one. */
  image?: string;
}

const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest('hex');
const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>"]+$/;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A data URL's bytes as a PNG or JPEG mark (checked by magic bytes, not by the URL's type), else 400. */
export function imageMark(dataUrl: string): SignatureMark {
  const m = /^data:image\/[a-z+]+;base64,([A-Za-z0-9+/=\s]+)$/.exec(dataUrl.trim());
  const bytes = m ? new Uint8Array(Buffer.from(m[1]!, 'base64')) : new Uint8Array();
  const png = bytes.length > 8 && PNG_MAGIC.every((b, i) => bytes[i] === b);
  const jpg = bytes.length > 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  if (!png && !jpg) throw new Problem(400, SM.badImage);
  // pdf-lib decodes the image into the signed copy: its declared pixel size is checked first (a few-KB PNG can
  // declare 30,000 × 30,000 pixels)
  const tooLarge = imageTooLarge(bytes);
  if (tooLarge) throw new Problem(400, `The signature image is too large: ${tooLarge}.`);
  return png ? { png: bytes } : { jpg: bytes };
}

/**
 * A typed signature as the picture the order keeps (the signature slot's `image`, which the delivery gate and the
 * reports look for): the name in a handwriting face as an SVG data URL (an <img> never runs SVG script; the text is
 * escaped anyway).
 */
export function typedSignatureSvg(name: string): string {
  const text = name.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="120" viewBox="0 0 600 120">` +
    `<text x="300" y="60" dominant-baseline="middle" text-anchor="middle" font-size="48" font-style="italic" ` +
    `font-family="'Brush Script MT','Segoe Script',cursive" fill="#1a1a2e">${text}</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The request checked once for all its orders: printed name, signature, emails (trimmed, lower case, unique). */
export function prepareSigning(
  body: SignManifestBody,
  profile: { name: string; image: string } | undefined,
): PreparedSigning {
  const name = body.name.trim();
  if (!name) throw new Problem(400, SM.nameRequired);
  const emails = [...new Set((body.emails ?? []).map((e) => e.trim().toLowerCase()).filter(Boolean))];
  const bad = emails.find((e) => !EMAIL.test(e));
  if (bad) throw new Problem(400, `${Messages.invalidEmail.trim()} (${bad})`);
  const tags = [...new Set((body.tags ?? []).map((t) => t.trim()).filter(Boolean))];
  const base = {
    kind: body.kind,
    name,
    emails,
    tags,
    notify: !!body.notify,
    confirmed: !!body.confirmed,
  };
  const sig = body.signature;
  if ('typed' in sig) {
    const typed = sig.typed.trim();
    if (!typed) throw new Problem(400, SM.signatureRequired);
    return { ...base, mark: { typed }, signatureSha256: sha256(typed), image: typedSignatureSvg(typed) };
  }
  const image = 'image' in sig ? sig.image : profile?.image;
  // orders §5: "A signature is required before picking up or signing"
  if (!image) throw new Problem(400, OrderMessages.noSignature);
  const mark = imageMark(image);
  return { ...base, mark, signatureSha256: sha256(mark.png ?? mark.jpg!), image };
}

export interface SignerFacts {
  role: RoleNumber;
  companyKeys: string[];
}
export interface OrderFacts {
  pickupKey: string;
  destKey: string;
  deleted: number;
  status: number;
}

/**
 * Who signs as what: staff either kind; a driver (tenancy: their own orders) as the driver; the receiver (a user of
 * the destination licence's company) as the customer; the vendor (pickup company only) not at all.
 */
export function assertMaySign(c: SignerFacts, o: OrderFacts, kind: 'driver' | 'customer'): void {
  if (o.deleted === 1) throw new Problem(409, OrderMessages.orderDeleted);
  if (o.deleted === 2 || o.status === OrderStatus.cancelled)
    throw new Problem(409, OrderMessages.orderCancelled);
  if (isStaff(c.role)) return;
  if (c.role === Role.Driver) {
    if (kind !== 'driver') throw new Problem(403, SM.driverKindOnly);
    return;
  }
  if (!c.companyKeys.includes(o.destKey)) throw new Problem(403, SM.vendorCannotSign);
  if (kind !== 'customer') throw new Problem(403, SM.receiverKindOnly);
}

const FINISHED: number[] = [
  OrderStatus.delivered,
  OrderStatus.exception,
  OrderStatus.fullRejection,
  OrderStatus.partialRejection,
];

/**
 * The status after signing: a driver's signature puts the order in transit (§4), after the confirmation when it
 * was delivered, exception or rejected (409 with the spec's question until `confirmed`); a customer's keeps it.
 */
export function statusAfter(c: SignerFacts, o: OrderFacts, p: PreparedSigning): number {
  if (p.kind !== 'driver' || o.status === OrderStatus.inTransit) return o.status;
  if (FINISHED.includes(o.status) && !p.confirmed) throw new Problem(409, SM.backToTransit);
  if (!canTransition(o.status, OrderStatus.inTransit, c.role))
    throw new Problem(409, transitionMessage(o.status, OrderStatus.inTransit));
  return OrderStatus.inTransit;
}

/** The same signature of the same manifest by the same printed name and kind is already recorded: a replay. */
export function findReplay(
  signed: SignedManifest[] | undefined,
  unsignedSha256: string,
  p: PreparedSigning,
): SignedManifest | undefined {
  return (signed ?? []).find(
    (s) =>
      s.unsignedSha256 === unsignedSha256 &&
      s.signatureSha256 === p.signatureSha256 &&
      s.kind === p.kind &&
      s.name === p.name,
  );
}

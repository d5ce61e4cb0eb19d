import { Type, type Static } from 'typebox';

/**
 * Issue 13, part signing: signed manifests (orders §2 "Manifest signature pad", §4 "Signing manifests", §7
 * `POST /orders/signmanifest` "with notify option"). The spec's words are verbatim; the rest is decided here and
 * documented in services/orders/README.md "Issue 13: signing".
 */
export const SigningMessages = {
  /** §8 Signing. */
  canceled: 'Sign manifests canceled.',
  /** §8 success: "{n} manifest(s) out of {total} were signed". */
  signed: (n: number, total: number) => `${n} manifest(s) out of ${total} were signed`,
  /** §4: asked before a driver's signing puts finished orders back in transit. */
  backToTransit:
    'Some of these orders have already been delivered or rejected. Are you sure you want to put these orders back into In-Transit.',
  /** §5 Manifests: "Signing requires a printed name" (worded here as the message). */
  nameRequired: 'Signing requires a printed name',
  /** §2: "Saving shows a disclaimer confirm" (wording decided). */
  disclaimer:
    'By saving, you confirm that this electronic signature is the legal equivalent of your handwritten signature on the listed manifest(s), and that the printed name is yours.',
  // decisions (the spec words none)
  noManifest: 'This order has no manifest to sign. Upload the manifest first.',
  manifestTampered:
    'The stored manifest does not match the SHA-256 recorded when it was uploaded; it cannot be signed. Upload it again.',
  signatureRequired: 'Draw or type a signature.',
  badImage: 'The signature must be a PNG image.',
  driverKindOnly: 'Drivers sign manifests as the driver.',
  receiverKindOnly: "Only the receiver's users sign a manifest as the customer.",
  vendorCannotSign: 'The manifest is signed by the driver or the receiver.',
} as const;

/** The largest signature image accepted (characters of the data URL): the order's signature field limit. */
export const SIGNATURE_IMAGE_MAX = 400_000;
/** Orders per call; the browser sends two at a time (§9), a schedule may send a route's worth. */
export const SIGN_IDS_MAX = 100;
/** How many signings the browser runs at once (orders §9 "Manifest signing runs 2 at a time"). */
export const SIGNING_CONCURRENCY = 2;

export const SignatureInput = Type.Union([
  Type.Object({ image: Type.String({ maxLength: SIGNATURE_IMAGE_MAX }) }, { additionalProperties: false }),
  Type.Object({ typed: Type.String({ maxLength: 100 }) }, { additionalProperties: false }),
  /** The signer's profile signature (accounts' profile; 400 when they have none). */
  Type.Object({ profile: Type.Literal(true) }, { additionalProperties: false }),
]);
export type SignatureInput = Static<typeof SignatureInput>;

export const SignManifestBody = Type.Object(
  {
    ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { minItems: 1, maxItems: SIGN_IDS_MAX }),
    kind: Type.Union([Type.Literal('driver'), Type.Literal('customer')]),
    name: Type.String({ maxLength: 100 }),
    emails: Type.Optional(Type.Array(Type.String({ maxLength: 254 }), { maxItems: 20 })),
    tags: Type.Optional(Type.Array(Type.String({ maxLength: 100 }), { maxItems: 200 })),
    signature: SignatureInput,
    /** Also send the signed copy to the vendor's (pickup licence's) users. */
    notify: Type.Optional(Type.Boolean()),
    /** The driver confirmed putting delivered/exception/rejected orders back in transit (§4). */
    confirmed: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type SignManifestBody = Static<typeof SignManifestBody>;

const SignedOne = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  version: Type.Integer(),
  key: Type.String(),
  sha256: Type.String(),
  unsignedSha256: Type.String(),
  signatureSha256: Type.String(),
  /** true: this exact signature of this manifest was already recorded (a replay): nothing was written. */
  replay: Type.Boolean(),
});
const FailedOne = Type.Object({ id: Type.String(), status: Type.Integer(), message: Type.String() });

export const SignManifestAnswer = Type.Object({
  message: Type.String(),
  data: Type.Object({ signed: Type.Array(SignedOne), failed: Type.Array(FailedOne) }),
});
export type SignManifestAnswer = Static<typeof SignManifestAnswer>;

/** The custody event's detail for step 'manifest-signed' (strings only: the mail consumer reads key and emails). */
export interface ManifestSignedDetail {
  key: string;
  filename: string;
  kind: 'driver' | 'customer';
  name: string;
  sha256: string;
  unsignedSha256: string;
  signatureSha256: string;
  /** Who gets the signed copy attached: a comma list ('' for none). */
  emails: string;
}

/**
 * Signed manifests (orders §2 "Manifest signature pad", §4 "Signing manifests", §7
 * `POST /orders/signmanifest` "with notify option"). The spec's words are verbatim; the rest is decided here and
 * documented in services/orders/README.md "Signing".
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
  profileUnreadable:
    'Your saved signature could not be read. Save it again on your Profile, or draw or type one.',
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

/** The signature: a drawn PNG (data URL), a typed name, or the signer's profile signature (400 when none). */
export type SignatureInput = { image: string } | { typed: string } | { profile: true };

export interface SignManifestBody {
  ids: string[];
  kind: 'driver' | 'customer';
  /** The printed name (required: "Signing requires a printed name"). */
  name: string;
  /** Who gets the signed copy. */
  emails?: string[];
  /** Rejected package tags (the customer's signature keeps them). */
  tags?: string[];
  signature: SignatureInput;
  /** Also send the signed copy to the vendor's (pickup licence's) users. */
  notify?: boolean;
  /** The driver confirmed putting delivered/exception/rejected orders back in transit (§4). */
  confirmed?: boolean;
}

export interface SignedManifestResult {
  id: string;
  orderId: string;
  version: number;
  key: string;
  sha256: string;
  unsignedSha256: string;
  signatureSha256: string;
  /** true: this exact signature of this manifest was already recorded (a replay): nothing was written. */
  replay: boolean;
}
export interface SignManifestAnswer {
  message: string;
  data: { signed: SignedManifestResult[]; failed: { id: string; status: number; message: string }[] };
}

// Plain JSON Schema (no TypeBox: this module is in the browser entry too), checked by the route.
const str = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;
const closed = <P extends Record<string, unknown>, R extends readonly string[]>(properties: P, required: R) =>
  ({ type: 'object', properties, required, additionalProperties: false }) as const;

export const SignManifestBodySchema = closed(
  {
    ids: { type: 'array', items: str(64, 1), minItems: 1, maxItems: SIGN_IDS_MAX },
    kind: { type: 'string', enum: ['driver', 'customer'] },
    name: str(100),
    emails: { type: 'array', items: str(254), maxItems: 20 },
    tags: { type: 'array', items: str(100), maxItems: 200 },
    signature: {
      oneOf: [
        closed({ image: str(SIGNATURE_IMAGE_MAX) }, ['image']),
        closed({ typed: str(100) }, ['typed']),
        closed({ profile: { type: 'boolean', const: true } }, ['profile']),
      ],
    },
    notify: { type: 'boolean' },
    confirmed: { type: 'boolean' },
  },
  ['ids', 'kind', 'name', 'signature'],
);

const result = closed(
  {
    id: str(64),
    orderId: str(64),
    version: { type: 'integer' },
    key: str(500),
    sha256: str(64),
    unsignedSha256: str(64),
    signatureSha256: str(64),
    replay: { type: 'boolean' },
  },
  ['id', 'orderId', 'version', 'key', 'sha256', 'unsignedSha256', 'signatureSha256', 'replay'],
);
const failed = closed({ id: str(64), status: { type: 'integer' }, message: str(500) }, [
  'id',
  'status',
  'message',
]);
export const SignManifestAnswerSchema = closed(
  {
    message: str(200),
    data: closed({ signed: { type: 'array', items: result }, failed: { type: 'array', items: failed } }, [
      'signed',
      'failed',
    ]),
  },
  ['message', 'data'],
);

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

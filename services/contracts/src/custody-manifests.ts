import { Type, type Static } from 'typebox';
import edge from './edge-limits.json' with { type: 'json' };

/**
 * Issue 13, part manifests: upload (multipart `POST /api/orders/manifestupload`, fields `order`, `force`,
 * `currentWindow` and the file `pdf`), view (`GET /api/orders/:id/manifest[?signed=n]` → a 5-minute pre-signed URL),
 * merge (`POST /api/orders/mergePdfs {ids}`) and the bulk zip (`GET /api/orders/manifests.zip`). The spec's words
 * (upload success/failure, the mismatch confirm) are OrderMessages'; these are the words the spec leaves open.
 */
/** 20 MB; the edge (nginx, render.mjs) caps the path with the same numbers (edge-limits.json). */
export const MANIFEST_MAX_FILE_BYTES: number = edge.manifestFileBytes;
/** The multipart body around the largest file (fields and boundaries: 256 KB more). */
export const MANIFEST_MAX_BODY_BYTES: number = edge.manifestBodyBytes;
/** Seconds a pre-signed manifest URL works. */
export const MANIFEST_URL_SECONDS = 300;
/** Orders in one merge and one zip (the download page's page size is 250). */
export const MANIFEST_MERGE_MAX = 250;
export const MANIFEST_ZIP_MAX = 1000;
export const MANIFEST_PAGE_SIZE = 250;
export const MANIFEST_RANGE_DAYS = 28;

export const ManifestMessages = {
  notPdf: 'Only PDF files can be uploaded as manifests (the file is not a PDF).',
  unreadable: 'The PDF could not be read; please export it again and retry.',
  noPages: 'The PDF has no pages.',
  noFile: 'Choose a PDF file to upload.',
  tooLarge: `The manifest is larger than ${MANIFEST_MAX_FILE_BYTES / 1024 / 1024} MB.`,
  /** Contains the spec's trigger 'licenses do not match' (the browser opens the overwrite confirm). */
  mismatch: (found: string) =>
    `The licenses do not match: the manifest does not show ${found}. Upload with force to overwrite.`,
  noManifest: 'This order has no manifest yet.',
  noSignedCopy: 'This order has no such signed manifest.',
  noManifests: 'None of these orders has a manifest.',
  tooMany: (max: number) => `At most ${max} orders at a time.`,
  /** The schedule's "print manifests" confirmation. */
  missingConfirm: (ids: string) => `These orders have no manifest: ${ids}. Print the others?`,
} as const;

export const ManifestUrlAnswer = Type.Object({
  data: Type.Object({
    url: Type.String(),
    filename: Type.String(),
    expiresAt: Type.String(),
    sha256: Type.String(),
  }),
});
export type ManifestUrlAnswer = Static<typeof ManifestUrlAnswer>;

export const MergeBody = Type.Object({
  ids: Type.Array(Type.String({ minLength: 1, maxLength: 64 }), {
    minItems: 1,
    maxItems: MANIFEST_MERGE_MAX,
  }),
  /** true: only answer which orders have and miss manifests (the print confirmation), no PDF. */
  check: Type.Optional(Type.Boolean()),
});
export type MergeBody = Static<typeof MergeBody>;

export const MergeCheckAnswer = Type.Object({
  data: Type.Object({ withManifest: Type.Array(Type.String()), missing: Type.Array(Type.String()) }),
});
export type MergeCheckAnswer = Static<typeof MergeCheckAnswer>;

/** The manifest download page's query (and the zip's: the same orders). */
export const ManifestListQuery = Type.Object({
  search: Type.Optional(Type.String({ maxLength: 200 })),
  from: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  to: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })),
  incoming: Type.Optional(Type.Boolean()),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 10000 })),
  /** The zip of chosen orders only (comma-separated ids). */
  ids: Type.Optional(Type.String({ maxLength: 30000 })),
});
export type ManifestListQuery = Static<typeof ManifestListQuery>;

export const ManifestRow = Type.Object({
  id: Type.String(),
  orderId: Type.String(),
  deliveryDay: Type.String(),
  vendor: Type.String(),
  destination: Type.String(),
  status: Type.Integer(),
  file: Type.String(),
  bytes: Type.Integer(),
  pages: Type.Integer(),
  uploadedAt: Type.String(),
  signed: Type.Integer(),
});
export type ManifestRow = Static<typeof ManifestRow>;

export const ManifestListAnswer = Type.Object({
  data: Type.Object({
    rows: Type.Array(ManifestRow),
    total: Type.Integer(),
    page: Type.Integer(),
    pageSize: Type.Integer(),
    /** Sum of the listed manifests' bytes: the zip's size estimate for the progress bar. */
    bytes: Type.Integer(),
  }),
});
export type ManifestListAnswer = Static<typeof ManifestListAnswer>;

/** A stored manifest file as answered (contracts custody.ts ManifestFile). */
export const ManifestFileSchema = Type.Object({
  key: Type.String(),
  filename: Type.String(),
  sha256: Type.String(),
  bytes: Type.Integer(),
  pages: Type.Integer(),
  uploadedAt: Type.String(),
  uploadedBy: Type.Object({ userId: Type.String(), name: Type.String() }),
  licencesMatch: Type.Boolean(),
  manifestNo: Type.Optional(Type.String()),
});

export const ManifestUploadAnswer = Type.Object({
  message: Type.String(),
  data: Type.Object({
    id: Type.String(),
    orderId: Type.String(),
    version: Type.Integer(),
    manifest: ManifestFileSchema,
  }),
});
export type ManifestUploadAnswer = Static<typeof ManifestUploadAnswer>;

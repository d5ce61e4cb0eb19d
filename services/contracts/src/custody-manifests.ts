import edge from './edge-limits.json' with { type: 'json' };
import type { ManifestFile } from './custody.js';

/**
 * Manifests: upload (multipart `POST /api/orders/manifestupload`, fields `order`, `force`,
 * `currentWindow` and the file `pdf`), view (`GET /api/orders/:id/manifest[?signed=n]` → a 5-minute pre-signed URL),
 * merge (`POST /api/orders/mergePdfs {ids}`) and the bulk zip (`GET /api/orders/manifests.zip`). The spec's words
 * (upload success/failure, the mismatch confirm) are OrderMessages'; these are the words the spec leaves open. Plain
 * JSON Schema and interfaces (no TypeBox runtime): the browser entry (browser.ts) carries this file.
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

const str = (maxLength: number, minLength = 0) => ({ type: 'string', minLength, maxLength }) as const;
const text = { type: 'string' } as const;
const int = { type: 'integer' } as const;
const closed = <P extends Record<string, unknown>, R extends readonly string[]>(properties: P, required: R) =>
  ({ type: 'object', properties, required, additionalProperties: false }) as const;

export interface ManifestUrlAnswer {
  data: { url: string; filename: string; expiresAt: string; sha256: string };
}
export const ManifestUrlAnswerSchema = closed(
  {
    data: closed({ url: text, filename: text, expiresAt: text, sha256: text }, [
      'url',
      'filename',
      'expiresAt',
      'sha256',
    ]),
  },
  ['data'],
);

export interface MergeBody {
  ids: string[];
  /** true: only answer which orders have and miss manifests (the print confirmation), no PDF. */
  check?: boolean;
}
export const MergeBodySchema = closed(
  {
    ids: { type: 'array', items: str(64, 1), minItems: 1, maxItems: MANIFEST_MERGE_MAX },
    check: { type: 'boolean' },
  },
  ['ids'],
);

export interface MergeCheckAnswer {
  data: { withManifest: string[]; missing: string[] };
}
export const MergeCheckAnswerSchema = closed(
  {
    data: closed({ withManifest: { type: 'array', items: text }, missing: { type: 'array', items: text } }, [
      'withManifest',
      'missing',
    ]),
  },
  ['data'],
);

/** The manifest download page's query (and the zip's: the same orders). */
export interface ManifestListQuery {
  search?: string;
  from?: string;
  to?: string;
  incoming?: boolean;
  page?: number;
  /** The zip of chosen orders only (comma-separated ids). */
  ids?: string;
}
const day = { type: 'string', pattern: '^\\d{4}-\\d{2}-\\d{2}$' } as const;
export const ManifestListQuerySchema = closed(
  {
    search: str(200),
    from: day,
    to: day,
    incoming: { type: 'boolean' },
    page: { type: 'integer', minimum: 1, maximum: 10000 },
    ids: str(30000),
  },
  [],
);

export interface ManifestRow {
  id: string;
  orderId: string;
  deliveryDay: string;
  vendor: string;
  destination: string;
  status: number;
  file: string;
  bytes: number;
  pages: number;
  uploadedAt: string;
  signed: number;
}
const ROW_KEYS = [
  'id',
  'orderId',
  'deliveryDay',
  'vendor',
  'destination',
  'status',
  'file',
  'bytes',
  'pages',
  'uploadedAt',
  'signed',
] as const;
export const ManifestRowSchema = closed(
  {
    id: text,
    orderId: text,
    deliveryDay: text,
    vendor: text,
    destination: text,
    status: int,
    file: text,
    bytes: int,
    pages: int,
    uploadedAt: text,
    signed: int,
  },
  ROW_KEYS,
);

export interface ManifestListAnswer {
  data: {
    rows: ManifestRow[];
    total: number;
    page: number;
    pageSize: number;
    /** Sum of the listed manifests' bytes: the zip's size estimate for the progress bar. */
    bytes: number;
  };
}
export const ManifestListAnswerSchema = closed(
  {
    data: closed(
      { rows: { type: 'array', items: ManifestRowSchema }, total: int, page: int, pageSize: int, bytes: int },
      ['rows', 'total', 'page', 'pageSize', 'bytes'],
    ),
  },
  ['data'],
);

/** A stored manifest file as answered (contracts custody.ts ManifestFile). */
export const ManifestFileSchema = closed(
  {
    key: text,
    filename: text,
    sha256: text,
    bytes: int,
    pages: int,
    uploadedAt: text,
    uploadedBy: closed({ userId: text, name: text }, ['userId', 'name']),
    licencesMatch: { type: 'boolean' },
    manifestNo: text,
  },
  ['key', 'filename', 'sha256', 'bytes', 'pages', 'uploadedAt', 'uploadedBy', 'licencesMatch'],
);

export interface ManifestUploadAnswer {
  message: string;
  data: { id: string; orderId: string; version: number; manifest: ManifestFile };
}
export const ManifestUploadAnswerSchema = closed(
  {
    message: text,
    data: closed({ id: text, orderId: text, version: int, manifest: ManifestFileSchema }, [
      'id',
      'orderId',
      'version',
      'manifest',
    ]),
  },
  ['message', 'data'],
);

// One number for the edge and the route: render.mjs reads the same JSON file for nginx.
import edge from './edge-limits.json' with { type: 'json' };

/** Fastify's default body limit, and the edge's cap for every /api location but the upload. */
export const API_BODY_LIMIT_BYTES: number = edge.apiBodyBytes;
/** The largest file POST /utils/uploadfile stores (Messages.uploadTooLarge says it in MB). */
export const UPLOAD_MAX_FILE_BYTES: number = edge.uploadFileBytes;
/** The upload's body: the file as a base64 data URL (4/3 of the file) plus the JSON envelope. */
export const UPLOAD_BODY_LIMIT_BYTES: number = edge.uploadBodyBytes;
export const UPLOAD_PATH: string = edge.uploadPath;
/** The largest spreadsheet POST /orders/bulk reads (its multipart file limit). */
export const BULK_MAX_FILE_BYTES: number = edge.bulkFileBytes;
/** The bulk upload's body at the edge and in Fastify: the file plus the multipart envelope and its flag. */
export const BULK_MAX_BODY_BYTES: number = edge.bulkBodyBytes;
export const BULK_PATH: string = edge.bulkPath;

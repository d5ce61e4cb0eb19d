import { bulkUploadWorker } from './bulk-upload.js';

/** orders' BullMQ workers (buildService({ workers })): the large bulk uploads. */
export const workers = [bulkUploadWorker];

import { bulkUploadWorker } from './bulk-upload.js';
import { metrcSyncWorker } from './metrc-sync.js';

/** orders' BullMQ workers (buildService({ workers })): the large bulk uploads. */
export const workers = [bulkUploadWorker, metrcSyncWorker];

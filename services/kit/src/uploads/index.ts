export {
  checkZip,
  entryHead,
  inflatedSize,
  sizeWords,
  zipEntries,
  ZipLimitError,
  type ZipEntry,
  type ZipLimits,
} from './zip-limits.js';
export { imageSize, imageTooLarge, MAX_IMAGE_PIXELS, type ImageSize } from './image-size.js';
export {
  boundedWorker,
  runBounded,
  WorkerLimitError,
  BOUNDED_WORKERS,
  type BoundedRun,
} from './bounded-worker.js';

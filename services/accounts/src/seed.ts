/**
 * Kept only as the entry point `npm start` runs (scripts/portal.mjs: `node --import tsx src/seed.ts` in this
 * directory); the seed itself lives in scripts/seed.ts and never boots the service.
 */
import { main } from '../scripts/seed.js';

await main();

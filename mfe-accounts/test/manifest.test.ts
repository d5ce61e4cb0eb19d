// The shared manifest checks (@portal/ui/testing/manifest): manifest paths = page table, titles, roles, menu keys.
import { manifestTests } from '@portal/ui/testing/manifest';
import manifest from '../src/manifest.js';
import { PAGES } from '../src/pages/index.js';

manifestTests(manifest, PAGES);

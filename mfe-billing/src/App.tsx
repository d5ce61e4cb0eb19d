import { mfeApp } from '@portal/ui';
import manifest from './manifest.js';
import { PAGES } from './pages/index.js';

/** This MFE's root: its own page table, behind its manifest's paths (@portal/ui mfeApp). */
export const App = mfeApp(manifest, PAGES);

// The federated modules this MFE loads at run time (webpack.config.cjs `remotes`), for mountComponent's `alias`: a
// stand-in of the remote's module, or one that fails to load. Never the other MFE's source.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');

export const remotes = { 'mfe_orders/SignManifests': path.join(fixtures, 'sign-manifests.tsx') };
export const ordersDown = { 'mfe_orders/SignManifests': path.join(fixtures, 'orders-down.ts') };

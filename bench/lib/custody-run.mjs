// The chain-of-custody benches, run by run.mjs: labels.500 (part labels), manifests.merge.50 and
// manifests.zip.200 (part manifests). Each part fills its own function below; rows as measure.mjs builds them
// ({ name, rps, p50, p95, p99, rss, … }), notes as plain sentences.
import { runManifests } from './manifests.mjs';
import { runLabels } from './labels.mjs';

/** labels.500: the labels part's bench (lib/labels.mjs). */
export async function runLabelBenches(ctx) {
  return runLabels(ctx);
}

/** manifests.merge.50 and manifests.zip.200: the manifests part's benches (lib/manifests.mjs). */
export async function runManifestBenches(ctx) {
  return runManifests(ctx);
}

#!/usr/bin/env node
// `npm run bench`: see bench/README.md. The harness lives in bench/ (run.mjs); this entry keeps the npm script.
// portal.mjs first: on a machine whose Node is older than the repo's 24 it re-executes this script on the pinned
// Node 24 (as `npm start` and `npm test` do), so the figures are measured on the runtime production uses.
import './portal.mjs';
import '../bench/run.mjs';

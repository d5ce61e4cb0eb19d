#!/usr/bin/env node
// `npm run bench`: see bench/README.md. The harness lives in bench/ (run.mjs); this entry keeps the npm script.
import '../bench/run.mjs';

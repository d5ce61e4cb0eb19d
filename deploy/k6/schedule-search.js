// The public delivery schedule search under load: the scenario `npm run load` (scripts/load.mjs) runs.
// k6 itself is not used: it is under the AGPL, which this project does not take in. The load is driven by vegeta
// (MIT, built with `go install` on first run) with the same shape a k6 script would have: closed-model "virtual
// users" (concurrent workers, each sending its next request when the last one answered), ramped in stages, varied
// queries, thresholds. Loopback only, bounded, stops by itself.

/** Stages: this many concurrent workers for this many seconds, one after the other (ramp to 200). */
export const stages = [
  { vus: 50, seconds: 5 },
  { vus: 100, seconds: 5 },
  { vus: 200, seconds: 15 },
];

/**
 * The visitors' phase the thresholds apply to: 200 virtual users each searching once a second (k6's usual
 * `sleep(1)` between iterations), as an open-model rate of 200 requests/s for 20 s. The stages above run with no
 * pause at all (saturation): they measure capacity and the ratio to the bare Fastify route.
 */
export const paced = { vus: 200, perVuPerSecond: 1, seconds: 20 };

/** Over the paced phase: p95 latency under 20 ms; over every phase: no failed request (non-2xx or transport). */
export const thresholds = { p95Ms: 20, errors: 0 };

/** Edge throughput over the bare Fastify JSON route's, same load, same machine. */
export const goalRatio = 0.5;

/**
 * Queries a visitor types: city prefixes and whole cities, zip prefixes and whole zips, with the default days and
 * a few other day sets. scripts/load.mjs adds the cities and zips the running portal's search actually returns.
 */
export const seedQueries = ['ba', 'bak', 'sa', 'los', 'san', 'fr', 'tren', 'new', '93', '933', '90', '08'];
export const daySets = ['mon,tue,wed,thur,fri', 'sat', 'mon,wed,fri', 'mon,tue,wed,thur,fri,sat,sun'];

/** The search URL the load requests (page 1; the cache key is the full URI). */
export const searchUrl = (app, q, days) =>
  `${app}/api/schedule/search?q=${encodeURIComponent(q)}&days=${days}&page=1`;

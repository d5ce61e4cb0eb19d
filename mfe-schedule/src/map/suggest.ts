/**
 * "Suggest order": a short path through the stops on straight-line (haversine) distances between their positions
 * (street or zip centroid): nearest neighbour from the first stop, then 2-opt until no reversal shortens it. The
 * first stop stays first (where the driver starts); the path is open (no return leg). Pure: the worker runs it.
 */
export interface SuggestPoint {
  lat: number;
  lon: number;
}
export interface Suggestion {
  /** Indexes into the input, in the proposed order. */
  order: number[];
  /** Metres along the input order and along the proposed one. */
  before: number;
  after: number;
}

const R = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;
export function haversine(a: SuggestPoint, b: SuggestPoint): number {
  const h =
    Math.sin(rad(b.lat - a.lat) / 2) ** 2 +
    Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lon - a.lon) / 2) ** 2;
  return 2 * R * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function pathLength(order: number[], d: (i: number, j: number) => number): number {
  let sum = 0;
  for (let k = 1; k < order.length; k++) sum += d(order[k - 1]!, order[k]!);
  return sum;
}

export function suggestOrder(points: SuggestPoint[], maxRounds = 50): Suggestion {
  const n = points.length;
  const identity = points.map((_, i) => i);
  const m = points.map((p) => points.map((q) => haversine(p, q)));
  const d = (i: number, j: number) => m[i]![j]!;
  const before = pathLength(identity, d);
  if (n < 3) return { order: identity, before, after: before };

  // nearest neighbour from stop 0
  const order = [0];
  const left = new Set(identity.slice(1));
  while (left.size) {
    const last = order[order.length - 1]!;
    let best = -1;
    for (const j of left) if (best < 0 || d(last, j) < d(last, best)) best = j;
    order.push(best);
    left.delete(best);
  }
  // 2-opt on the open path (position 0 fixed): reverse order[i..k] when it shortens the path
  const eps = 1e-6;
  for (let round = 0, improved = true; improved && round < maxRounds; round++) {
    improved = false;
    for (let i = 1; i < n - 1; i++) {
      for (let k = i + 1; k < n; k++) {
        const a = order[i - 1]!;
        const b = order[i]!;
        const c = order[k]!;
        const e = k + 1 < n ? order[k + 1]! : -1;
        const old = d(a, b) + (e >= 0 ? d(c, e) : 0);
        const now = d(a, c) + (e >= 0 ? d(b, e) : 0);
        if (now + eps < old) {
          order.splice(i, k - i + 1, ...order.slice(i, k + 1).reverse());
          improved = true;
        }
      }
    }
  }
  const after = pathLength(order, d);
  // never propose something longer than what the dispatcher has
  return after < before ? { order, before, after } : { order: identity, before, after: before };
}

import type { RouteFindMatch } from '@portal/contracts';

/**
 * routing's /routes/find answers, kept by this process per (routing, zip, range). An answer depends on the live
 * routes alone (routing keeps its own the same way: domain/route-index.ts there), so every create, update, bulk row
 * and destination lookup for a zip and day already asked about skips the call — a quarter of a create's time.
 *
 * Kept current by routing.route.changed.v1 (events/routing-routes.ts: a durable of this instance's own): an event
 * drops every answer. routing's own index follows the same event, so an answer asked for just after it may still
 * be the old one: nothing fetched within CHANGE_GRACE_MS of an event is kept. Without events (NATS down) an answer
 * is kept KEPT_MS at most. Failures are never kept; what routing refused (400) is, as the empty answer it is.
 */
export const KEPT_MS = 30_000;
export const CHANGE_GRACE_MS = 2_000;
/** Answers kept at once (every zip of a large book of routes with a few ranges each); the oldest goes first. */
export const KEPT_ANSWERS = 2_000;

let changedAt = -Infinity;
const answers = new Map<string, { at: number; routes: RouteFindMatch[] }>();

/** A route changed somewhere: every kept answer goes, and none is kept for CHANGE_GRACE_MS. */
export function routesChanged(now = Date.now()): void {
  changedAt = now;
  answers.clear();
}

/** The kept answer for `key`, else `ask()`'s (kept when it was asked for outside a change's grace). */
export async function keptRoutes(
  key: string,
  ask: () => Promise<RouteFindMatch[]>,
  now = Date.now,
): Promise<RouteFindMatch[]> {
  const asked = now();
  const hit = answers.get(key);
  if (hit && asked - hit.at < KEPT_MS) return hit.routes;
  const routes = await ask();
  // an event meanwhile, or one shortly before: routing may have answered from its index before the change
  if (asked - changedAt >= CHANGE_GRACE_MS) {
    answers.delete(key);
    answers.set(key, { at: asked, routes });
    if (answers.size > KEPT_ANSWERS) answers.delete(answers.keys().next().value!);
  }
  return routes;
}

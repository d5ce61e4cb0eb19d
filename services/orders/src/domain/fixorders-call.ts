import {
  FixOrdersMessages as FM,
  assignmentsOf,
  type DriverScheduleEntry,
  type FixOrdersAnswer,
  type FixOrdersBody,
} from '@portal/contracts/dispatch';
import { Problem } from '@portal/service-kit';
import type { Caller } from './order-access.js';
import { weekOf } from './list-keys.js';
import { applyWeek } from './fixorders-write.js';
import type { CellKey } from './fixorders.js';

/**
 * POST /orders/fixorders {week, hashes?, notify?} (roles 0, 1): the week's schedule as routing holds it now (its
 * `GET /api/driverschedule?date=` with the caller's bearer token: orders never reads routing's collections), applied
 * to the week's orders (fixorders-write.ts). Routing unreachable → 503 and nothing written.
 */
export interface FixDeps {
  routingUrl: string;
  appUrl: string;
  timeoutMs?: number;
}

const DAY = /^\d{4}-\d{2}-\d{2}/;

/** `"{day}:{routeId}"` → the cell key of fixorders.ts (`{date}:{routeId}`); 400 for anything else. */
function cellsOfHashes(monday: string, hashes: string[] | undefined): Set<CellKey> | undefined {
  if (!hashes?.length) return undefined;
  const out = new Set<CellKey>();
  for (const h of hashes) {
    const m = /^([1-7]):(.+)$/.exec(h.trim());
    if (!m) throw new Problem(400, FM.badHash);
    const date = new Date(Date.parse(`${monday}T00:00:00Z`) + (Number(m[1]) - 1) * 86_400_000);
    out.add(`${date.toISOString().slice(0, 10)}:${m[2]!.trim()}`);
  }
  return out;
}

async function weekDays(
  monday: string,
  c: Caller,
  deps: FixDeps,
): Promise<{ days: Record<string, DriverScheduleEntry[]>; routeNames: Map<string, string> }> {
  let res: Response;
  try {
    res = await fetch(
      `${deps.routingUrl.replace(/\/$/, '')}/api/driverschedule?date=${encodeURIComponent(monday)}`,
      {
        headers: c.authorization ? { authorization: c.authorization } : {},
        signal: AbortSignal.timeout(deps.timeoutMs ?? 5000),
      },
    );
  } catch {
    throw new Problem(503, FM.scheduleUnavailable);
  }
  if (!res.ok) throw new Problem(503, FM.scheduleUnavailable);
  const body = (await res.json()) as {
    data?: {
      data?: { days?: Record<string, DriverScheduleEntry[]> };
      routes?: { id: string; name: string }[];
    };
  };
  return {
    days: body.data?.data?.days ?? {},
    routeNames: new Map((body.data?.routes ?? []).map((r) => [r.id, r.name] as const)),
  };
}

export async function fixOrders(c: Caller, body: FixOrdersBody, deps: FixDeps): Promise<FixOrdersAnswer> {
  const day = DAY.exec(body.week ?? '')?.[0];
  const t = day ? Date.parse(`${day}T00:00:00Z`) : NaN;
  // a real calendar day (2091-02-30 is none: Date would roll it over to March)
  if (!day || Number.isNaN(t) || new Date(t).toISOString().slice(0, 10) !== day)
    throw new Problem(400, FM.badWeek);
  const monday = weekOf(day);
  const only = cellsOfHashes(monday, body.hashes);
  const week = await weekDays(monday, c, deps);
  const rows = assignmentsOf(monday, week.days, week.routeNames);
  const data = await applyWeek(c, monday, rows, { appUrl: deps.appUrl, ...(only ? { only } : {}) });
  return { message: FM.done(data.updated, data.ordersToUpdate.length), data };
}

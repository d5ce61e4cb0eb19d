import { Deleted, type OrderListKind, type PublicOrderRow, type RoleNumber } from '@portal/contracts';
import { Member } from '../models/member.js';
import { Order } from '../models/order.js';
import { memberOf } from '../readmodels/members.js';
import { orderConfig } from './config.js';
import { dayOf, weekOf } from './list-keys.js';
import type { ListCaller } from './lists-query.js';
import { LIST_PROJECTION, toPublicRow, type StoredOrder } from './lists-rows.js';
import { OrderRowModel, type StoredRow } from '../models/order-row.js';
import { rowsReady, storedOf } from './lists-store.js';

/**
 * Who the caller of a list is, from the members read model (readmodels/members.ts): their company's licence
 * keys and their fleet driver. Orders never asks accounts: an unknown caller has no company and sees no company's
 * orders.
 */
export async function listCaller(
  user: { role: RoleNumber; sub: string },
  kind: OrderListKind,
): Promise<ListCaller> {
  const m = await memberOf(user.sub);
  const caller: ListCaller = { role: user.role, companyKeys: m?.companyKeys ?? [], driverId: m?.driverId };
  if (kind === 'placed' && caller.companyKeys.length)
    caller.memberIds = await companyMemberIds(caller.companyKeys);
  return caller;
}

/** The user ids (and token subjects) of a company's members: "placed by the company" = created by one of them. */
async function companyMemberIds(keys: string[]): Promise<string[]> {
  // one equality per key on the read model's indexed top-level companyKeys (pushed down; a company has few keys)
  const found = await Promise.all(
    keys.map((k) =>
      Member.find({ companyKeys: k }, { userId: 1, sub: 1 }).lean<{ userId: string; sub?: string }[]>(),
    ),
  );
  return [
    ...new Set(
      found
        .flat()
        .flatMap((m) => [m.userId, m.sub ?? ''])
        .filter(Boolean),
    ),
  ];
}

/** One licence's week in the public view: equalities only (pushed down, GIN-served). */
export const publicFilter = (key: string, monday: string) => ({
  companyKeys: key,
  deliveryWeek: monday,
  deleted: Deleted.no,
});

/**
 * The public weekly view (GET /orders/public?token=&week=, spec §2 "/dashboard/publicorders"): the orders of the
 * link owner's company (its licence keys: domain/public-orders.ts finds them from the link's token) delivered in one
 * week, only the public columns, by delivery day. Each licence key with the week is one pushed-down equality.
 */
export async function publicWeek(companyKeys: string[], week: string | undefined, now = new Date()) {
  const monday = weekOf(week ?? dayOf(now));
  const keys = [...new Set(companyKeys)].filter(Boolean);
  const fromRows = await rowsReady();
  const one = (k: string): Promise<StoredOrder[]> =>
    fromRows
      ? OrderRowModel.collection
          .find<StoredRow>(publicFilter(k, monday))
          .toArray()
          .then((rows) => rows.map(storedOf))
      : Order.find(publicFilter(k, monday), LIST_PROJECTION).lean<StoredOrder[]>();
  const [rows, view] = await Promise.all([Promise.all(keys.map(one)).then((r) => r.flat()), orderConfig()]);
  const seen = new Set<string>();
  const orders: PublicOrderRow[] = rows
    .filter((r) => !seen.has(String(r._id)) && !!seen.add(String(r._id)))
    .sort(
      (a, b) =>
        String(a.deliveryDay).localeCompare(String(b.deliveryDay)) ||
        String(a.orderId).localeCompare(String(b.orderId)),
    )
    .map((r) => toPublicRow(r, view));
  return { week: monday, orders };
}

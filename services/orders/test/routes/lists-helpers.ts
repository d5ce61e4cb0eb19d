import assert from 'node:assert/strict';
import type { FastifyInstance } from 'fastify';
import type { OrderRow, RoleNumber } from '@portal/contracts';
import { buildService } from '@portal/service-kit';
import { startService, tokenFor } from '@portal/service-kit/testing';

import { listsRoutes } from '../../src/routes/lists.js';
import { Order } from '../../src/models/order.js';
import { OrderRowsMeta } from '../../src/models/order-row.js';
import { ROWS_VERSION, insertRows } from '../../src/domain/lists-store.js';

/** The lists' routes alone, on the suite's own database (the overrides passed on: the database is one of them). */
export const buildLists = (overrides?: Record<string, unknown>) =>
  buildService(
    { name: 'orders', domain: 'orders', routes: [listsRoutes], backends: ['mongo', 'nats', 'redis'] },
    overrides,
  );
export const startLists = (db: string) => startService(buildLists, { MONGO_DB: db });

/** Orders and their list rows, written as the seed writes them, the rows marked complete (the lists read them). */
export async function seedListed(docs: Record<string, unknown>[]): Promise<void> {
  await Order.collection.insertMany(docs as never[]);
  await insertRows(docs);
  await OrderRowsMeta.updateOne({ _id: 'rows' }, { $set: { version: ROWS_VERSION } }, { upsert: true });
}

/** Every row of a list, page by page as the table asks, each row once across the pages. */
export async function everyPage(
  app: FastifyInstance,
  role: RoleNumber,
  query: string,
  limit = 25,
): Promise<OrderRow[]> {
  const rows: OrderRow[] = [];
  let cursor: string | null = null;
  do {
    type Page = { data: { orders: OrderRow[]; nextCursor: string | null } };
    const res: { statusCode: number; body: string; json: () => Page } = await app.inject({
      url: `/api/orders?${query}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`,
      headers: { authorization: `Bearer ${await tokenFor(role)}` },
    });
    assert.equal(res.statusCode, 200, res.body);
    const page = res.json().data;
    rows.push(...page.orders);
    cursor = page.nextCursor;
  } while (cursor);
  assert.equal(new Set(rows.map((r) => r.id)).size, rows.length, 'no row twice across pages');
  return rows;
}

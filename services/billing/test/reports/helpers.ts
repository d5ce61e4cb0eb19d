import { randomBytes } from 'node:crypto';
import { DeliverPolicy } from '@nats-io/jetstream';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import type { EventEnvelope, RoleNumber } from '@portal/contracts';
import { tokenFor, waitFor } from '@portal/service-kit/testing';
import {
  OrderProjection,
  NameModel,
  periodKeys,
  type ProjectedOrder,
} from '../../src/readmodels/order-projection.js';
import { ReportRun } from '../../src/models/report-run.js';
import { ReportSchedule } from '../../src/models/report-schedule.js';
import { seedProjected } from '../helpers/projected.js';

/**
 * The reports suites' env: their own database, durables and BullMQ prefix (the running billing's worker never takes
 * these jobs, nor this worker the demo's). One file at a time (package.json: --test-concurrency=1).
 */
export const reportsEnv = (file: string) => ({
  MONGO_DB: 'portal_billing_reports_test',
  CONSUMER_SUFFIX: `rp${Date.now().toString(36)}${randomBytes(3).toString('hex')}`,
  QUEUE_PREFIX: `portal-billing-reports-test-${file}`,
  // no start-up snapshot request: the stack's owners answer only their own scope anyway
  BILLING_SNAPSHOT: 'off',
  LOG_LEVEL: 'warn',
});

export async function clearReports(): Promise<void> {
  await Promise.all([
    ReportRun.deleteMany({}),
    ReportSchedule.deleteMany({}),
    OrderProjection.deleteMany({}),
    NameModel.deleteMany({}),
  ]);
}

const SIGNED = { pickup: true, driver: true, customer: true, dropoff: true };

/** One projected order as the projection part would store it (only what the reports read varies). */
export function projected(
  n: number,
  deliveryDay: string,
  over: Partial<ProjectedOrder> = {},
): ProjectedOrder {
  const pickupLN = over.pickupLN ?? 'TST-V-1';
  const base: ProjectedOrder = {
    _id: `rep-${deliveryDay}-${String(n).padStart(6, '0')}`,
    orderId: `R${deliveryDay.replace(/-/g, '')}${String(n).padStart(4, '0')}`,
    status: 3,
    orderType: 'sameDay',
    orderDef: 'ext',
    pickupLN,
    destinationLN: 'TST-D-1',
    vendorName: 'Green Vendor',
    destName: 'Shop One',
    deliveryDay,
    ...periodKeys(pickupLN, deliveryDay),
    route: 'r1',
    pickupRoute: 'r1',
    pickupDriver: 'd1',
    deliveryDriver: 'd1',
    companyKeys: [pickupLN],
    deleted: 0,
    version: 1,
    createdAt: `${deliveryDay}T08:00:00.000Z`,
    updatedAt: `${deliveryDay}T08:00:00.000Z`,
    billing: {
      invoice: '',
      amount: '10.00',
      amountCents: 1000,
      method: 'Cash',
      methodSelect: 'cash',
      dateApproved: deliveryDay,
      deliveredDay: deliveryDay,
      rejected: '',
      signatures: { ...SIGNED },
      times: {
        pickedUp: `${deliveryDay}T09:05:00.000Z`,
        checkedin: `${deliveryDay}T10:10:00.000Z`,
        checkedout: `${deliveryDay}T10:40:00.000Z`,
        delivered: `${deliveryDay}T11:15:00.000Z`,
      },
    },
  };
  return { ...base, ...over, billing: { ...base.billing, ...(over.billing ?? {}) } };
}

export async function seed(orders: ProjectedOrder[]): Promise<void> {
  await seedProjected(orders);
}

export async function seedNames(): Promise<void> {
  await NameModel.collection.insertMany([
    { _id: 'route:r1', kind: 'route', name: 'Bakersfield 16', updatedAt: '' },
    { _id: 'route:r2', kind: 'route', name: 'Fresno 2', updatedAt: '' },
    { _id: 'driver:d1', kind: 'driver', name: 'Dee Driver', updatedAt: '' },
    { _id: 'driver:d2', kind: 'driver', name: 'Sam Wheels', updatedAt: '' },
  ] as never[]);
}

export const caller =
  (app: () => FastifyInstance) =>
  async (role: RoleNumber, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    app().inject({ method, url, headers: { authorization: `Bearer ${await tokenFor(role)}` }, payload });

/** Polls GET /api/reports/:id until the run is in one of `states`. */
export async function waitForRun(
  call: ReturnType<typeof caller>,
  role: RoleNumber,
  id: string,
  states: string[],
  timeoutMs = 120_000, // FerretDB on a shared 2-core machine: reads can be slow
) {
  let last: any;
  try {
    await waitFor(
      async () => {
        const res = await call(role, 'GET', `/api/reports/${id}`);
        last = res.json().data?.report ?? res.body;
        return states.includes(last?.state);
      },
      timeoutMs,
      500,
    ); // gently: the kit's read rate limit counts these
  } catch {
    throw new Error(`run ${id} never reached ${states.join('/')}: ${JSON.stringify(last)}`);
  }
  return last;
}

/** A done run's file through its pre-signed URL (what the browser does). */
export async function download(
  call: ReturnType<typeof caller>,
  role: RoleNumber,
  id: string,
  format: 'csv' | 'xlsx',
) {
  const res = await call(role, 'GET', `/api/reports/${id}/download?format=${format}`);
  if (res.statusCode !== 200) throw new Error(`download ${res.statusCode} ${res.body}`);
  const { url, filename } = res.json().data;
  const file = await fetch(url);
  if (!file.ok) throw new Error(`GET ${url} → ${file.status}`);
  return {
    url,
    filename,
    bytes: Buffer.from(await file.arrayBuffer()),
    disposition: file.headers.get('content-disposition'),
  };
}

/** RFC 4180 parse (quoted cells, doubled quotes, CRLF records). */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i++;
    } else cell += c;
  }
  if (cell || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/** The xlsx's sheets as rows of cell values. */
export async function readXlsx(bytes: Buffer): Promise<Record<string, unknown[][]>> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as never);
  const out: Record<string, unknown[][]> = {};
  book.eachSheet((ws) => {
    const rows: unknown[][] = [];
    ws.eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
    out[ws.name] = rows;
  });
  return out;
}

/** The BILLING stream's events on `subject` since `since`. */
export async function publishedSince(app: FastifyInstance, subject: string, since: Date) {
  const consumer = await app.js.consumers.get('BILLING', {
    filter_subjects: subject,
    deliver_policy: DeliverPolicy.StartTime,
    opt_start_time: since.toISOString(),
  });
  const events: EventEnvelope<any>[] = [];
  for (;;) {
    const batch = await consumer.fetch({ max_messages: 500, expires: 1000 });
    let n = 0;
    for await (const m of batch) {
      events.push(m.json<EventEnvelope>());
      n++;
    }
    if (n === 0) return events;
  }
}

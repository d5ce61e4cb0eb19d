import mongoose from 'mongoose';
import { listRequests } from '../../bench/lib/orders.mjs';
import { listOrders } from './src/domain/lists.js';

await mongoose.connect('mongodb://127.0.0.1:27027/', { dbName: 'portal_bench_orders' });
const meta = await mongoose.connection.db!.collection('bench_meta').findOne({ _id: 'orders' as never });
const now = meta?.now ?? Date.now();
const reqs = listRequests(now, { superadmin: 'a', accountadmin: 'b', user: 'c', driver: 'd' });
const callers: Record<string, any> = {
  admin: { role: 0, companyKeys: [] },
  driver: { role: 2, companyKeys: [], driverId: 'bench-drv-03' },
};
const kinds = (process.argv[2] ?? 'admin,driver').split(',');
for (const kind of kinds) {
  const [, urls] = (reqs as any)[kind];
  for (const url of urls as string[]) {
    const q = new URL(url, 'http://x').searchParams;
    const p: any = {};
    for (const [k, v] of q) {
      if (k === 'list') continue;
      p[k] = ['status', 'limit'].includes(k) ? Number(v) : ['all', 'delivered', 'deleted'].includes(k) ? v === 'true' : v;
    }
    const t = [];
    let n = 0;
    let total: unknown;
    for (let i = 0; i < 3; i++) {
      const s = performance.now();
      const r = await listOrders(kind as never, callers[kind], p, new Date(now));
      t.push(performance.now() - s);
      n = r.orders.length;
      total = r.total;
    }
    console.log(kind, Math.min(...t).toFixed(0).padStart(5), 'ms', String(n).padStart(4), String(total).padStart(5), url.replace('/api/orders?', ''));
  }
}
await mongoose.disconnect();

import type { OrderListParams, OrderRowPage, PublicOrderWeek } from '@portal/contracts';
import type { ApiClient } from '@portal/ui';

/** One page of a list (services/orders GET /api/orders; the query names the list and its narrowing keys). */
export function listOrders(api: ApiClient, p: OrderListParams): Promise<OrderRowPage['data']> {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(p)) if (v !== undefined && v !== '' && v !== false) q.set(k, String(v));
  return api.get<OrderRowPage>(`/api/orders?${q}`).then((r) => r.data);
}

/** The public weekly view of a company's orders (no login): the company link's token is its only key. */
export function publicOrders(api: ApiClient, token: string, week?: string): Promise<PublicOrderWeek['data']> {
  const q = new URLSearchParams({ token });
  if (week) q.set('week', week);
  return api.get<PublicOrderWeek>(`/api/orders/public?${q}`).then((r) => r.data);
}

/** The Monday ('YYYY-MM-DD', UTC) of the week holding `day` (orders §9: weeks start on Monday). */
export function mondayOf(day: string | Date = new Date()): string {
  const d = typeof day === 'string' ? new Date(`${day}T00:00:00Z`) : new Date(day);
  const back = (d.getUTCDay() + 6) % 7;
  d.setUTCDate(d.getUTCDate() - back);
  return d.toISOString().slice(0, 10);
}

export const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

import { useEffect, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OrderListParams, OrderSortColumn } from '@portal/contracts';
import { usePortal } from '@portal/ui';
import { ORDERS_KEY } from '../api.js';
import { listOrders } from './list-api.js';
import type { Sort } from './OrderTable.js';

export const LIST_PAGE_SIZE = 50;
/** Search waits this long after the last keystroke (orders §9: list debounces). */
export const SEARCH_DEBOUNCE_MS = 750;

export function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

/**
 * One server list with explicit pages: the filters and sort go to the service, each page is fetched by the
 * previous page's cursor (keyset), and any change of filter or sort starts again at page 1. The total comes with
 * the first page only (the service counts once).
 */
export function useOrderList(
  params: Omit<OrderListParams, 'sort' | 'dir' | 'cursor' | 'limit'>,
  enabled = true,
  limit = LIST_PAGE_SIZE,
) {
  const { api } = usePortal();
  const [sort, setSort] = useState<Sort<OrderSortColumn>>({ key: 'createdAt', dir: 'desc' });
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const [page, setPage] = useState(0);
  const [total, setTotal] = useState<number | null>(null);
  const filterKey = JSON.stringify([params, sort]);
  useEffect(() => {
    setCursors([null]);
    setPage(0);
    setTotal(null);
  }, [filterKey]);

  const full: OrderListParams = {
    ...params,
    sort: sort.key,
    dir: sort.dir,
    limit,
    cursor: cursors[page] ?? undefined,
  };
  const query = useQuery({
    queryKey: [...ORDERS_KEY, 'list', full],
    queryFn: () => listOrders(api, full),
    placeholderData: keepPreviousData,
    enabled,
  });
  useEffect(() => {
    if (query.data && page === 0 && query.data.total != null) setTotal(query.data.total);
  }, [query.data, page]);

  const next = query.data?.nextCursor ?? null;
  const goTo = (n: number) => {
    if (n > page && next) setCursors((c) => [...c.slice(0, n), next]);
    setPage(n);
  };
  return { query, sort, setSort, page, goTo, hasNext: !!next, total };
}

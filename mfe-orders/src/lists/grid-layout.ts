import { useCallback, useEffect, useState } from 'react';

/**
 * A user's layout of an order list: the columns they hid and the widths they dragged, kept in this browser's
 * localStorage under `portal.orders.grid.<user id>.<list>` (one layout per user and list: the admin's list has
 * columns the vendors' lists do not). Another user on the same browser starts from the defaults; clearing the
 * browser's storage, or "Reset columns", brings them back.
 */
export interface GridLayout {
  hidden: string[];
  widths: Record<string, number>;
}

const EMPTY: GridLayout = { hidden: [], widths: {} };
export const MIN_WIDTH = 60;
export const MAX_WIDTH = 600;

export const layoutKey = (userId: string, list: string) => `portal.orders.grid.${userId}.${list}`;

/** What was stored, kept only where it is sane (a hand-edited or older value never breaks the list). */
export function readLayout(key: string | null): GridLayout {
  if (!key) return EMPTY;
  try {
    const raw = JSON.parse(localStorage.getItem(key) ?? 'null') as Partial<GridLayout> | null;
    if (!raw || typeof raw !== 'object') return EMPTY;
    const hidden = Array.isArray(raw.hidden) ? raw.hidden.filter((c) => typeof c === 'string') : [];
    const widths: Record<string, number> = {};
    for (const [c, w] of Object.entries(raw.widths ?? {}))
      if (typeof w === 'number' && Number.isFinite(w))
        widths[c] = Math.round(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, w)));
    return { hidden, widths };
  } catch {
    return EMPTY;
  }
}

function writeLayout(key: string | null, layout: GridLayout) {
  if (!key) return;
  try {
    if (!layout.hidden.length && !Object.keys(layout.widths).length) localStorage.removeItem(key);
    else localStorage.setItem(key, JSON.stringify(layout));
  } catch {
    /* storage full or blocked: the layout lasts for this visit only */
  }
}

/** The layout of one list for one user (null key: no user known yet, nothing kept). */
export function useGridLayout(key: string | null) {
  const [layout, setLayout] = useState<GridLayout>(() => readLayout(key));
  useEffect(() => setLayout(readLayout(key)), [key]);
  const update = useCallback(
    (next: (l: GridLayout) => GridLayout) =>
      setLayout((l) => {
        const n = next(l);
        writeLayout(key, n);
        return n;
      }),
    [key],
  );
  const setShown = useCallback(
    (colId: string, shown: boolean) =>
      update((l) => ({
        ...l,
        hidden: shown ? l.hidden.filter((c) => c !== colId) : [...new Set([...l.hidden, colId])],
      })),
    [update],
  );
  const setWidths = useCallback(
    (widths: Record<string, number>) => update((l) => ({ ...l, widths: { ...l.widths, ...widths } })),
    [update],
  );
  const reset = useCallback(() => update(() => EMPTY), [update]);
  return { layout, setShown, setWidths, reset };
}

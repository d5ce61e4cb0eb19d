// The read-only table as plain HTML: what DataTable draws for `light` tables, so a page that only lists rows does not
// download ag-grid (~200 KB gzipped). The column definitions are ag-grid's (the same ColDef a page gives the grid),
// of which it reads the display options only: colId/field, headerName, valueGetter, valueFormatter, cellRenderer
// (+ cellRendererParams), sortable/sort/comparator, width/minWidth/maxWidth/flex. Sorting, pages, selection,
// quick filter, refresh and toolbar work as in the grid; editing, row drag, resizing and pinning are the grid's.
import { useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import type { ColDef } from 'ag-grid-community';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '@portal/contracts';
import { Button } from './Button.js';
import { TableToolbar } from './TableToolbar.js';
import type { DataTableProps } from './data-table-props.js';
import './light-table.css';

type Dir = 'asc' | 'desc';
interface Col<T> {
  id: string;
  def: ColDef<T>;
}

const idOf = <T,>(c: ColDef<T>, i: number) => c.colId ?? (typeof c.field === 'string' ? c.field : `col${i}`);

/** A cell's value as the grid computes it: valueGetter, else the (dotted) field. */
export function cellValue<T>(c: ColDef<T>, data: T): unknown {
  if (typeof c.valueGetter === 'function') return c.valueGetter({ data, colDef: c } as never);
  if (typeof c.field !== 'string') return undefined;
  return c.field
    .split('.')
    .reduce<unknown>((o, k) => (o == null ? undefined : (o as Record<string, unknown>)[k]), data);
}

/** The text the grid shows without a renderer: valueFormatter, else the value as a string. */
export function cellText<T>(c: ColDef<T>, data: T, value: unknown): string {
  if (typeof c.valueFormatter === 'function')
    return String(c.valueFormatter({ value, data, colDef: c } as never) ?? '');
  return value == null ? '' : String(value);
}

/**
 * ag-grid's default comparator, so a list sorts as it did in the grid: missing values first, then `<` / `>` (numbers
 * and dates by value, text by code point: "Zone" before "apple", "C29" before "C3").
 */
export function compareValues(a: unknown, b: unknown): number {
  if (a == null) return b == null ? 0 : -1;
  if (b == null) return 1;
  const x = a as number;
  const y = b as number;
  return x > y ? 1 : x < y ? -1 : 0;
}

function Cell<T>({ col, data, index }: { col: ColDef<T>; data: T; index: number }) {
  const value = cellValue(col, data);
  const text = cellText(col, data, value);
  const R = col.cellRenderer as ComponentType<Record<string, unknown>> | string | undefined;
  if (!R || typeof R === 'string') return <>{text}</>;
  const params = typeof col.cellRendererParams === 'object' ? col.cellRendererParams : {};
  return (
    <R
      value={value}
      valueFormatted={text}
      data={data}
      colDef={col}
      node={{ data, rowIndex: index }}
      {...params}
    />
  );
}

function widthStyle<T>(c: ColDef<T>, flexTotal: number) {
  const flex = c.width ? 0 : (c.flex ?? 1);
  return {
    width: c.width ? `${c.width}px` : `${((flex / flexTotal) * 100).toFixed(1)}%`,
    minWidth: c.minWidth ?? (c.width ? undefined : 110),
    maxWidth: c.maxWidth,
  };
}

export default function LightTable<T>(props: DataTableProps<T>) {
  const { rows, selectable, pageSizes = [...PAGE_SIZES] } = props;
  const cols = useMemo<Col<T>[]>(
    () => props.columns.map((def, i) => ({ id: idOf(def, i), def })),
    [props.columns],
  );
  const first = cols.find((c) => c.def.sort);
  const [sort, setSort] = useState<{ id: string; dir: Dir } | null>(
    first?.def.sort ? { id: first.id, dir: first.def.sort } : null,
  );
  const [pageSize, setPageSize] = useState(props.pageSize ?? DEFAULT_PAGE_SIZE);
  const [page, setPage] = useState(0);
  const [picked, setPicked] = useState<ReadonlySet<T>>(new Set());
  const rowId = (r: T, i: number) => (props.getRowId ? props.getRowId(r) : String(i));

  const shown = useMemo(() => {
    const q = props.quickFilter?.trim().toLowerCase();
    let out = q
      ? rows.filter((r) =>
          cols.some((c) => cellText(c.def, r, cellValue(c.def, r)).toLowerCase().includes(q)),
        )
      : [...rows];
    const col = sort && cols.find((c) => c.id === sort.id);
    if (sort && col) {
      const cmp = col.def.comparator;
      const sign = sort.dir === 'asc' ? 1 : -1;
      out = out.sort((a, b) => {
        const va = cellValue(col.def, a);
        const vb = cellValue(col.def, b);
        return (
          sign * (cmp ? cmp(va, vb, {} as never, {} as never, sort.dir === 'desc') : compareValues(va, vb))
        );
      });
    }
    return out;
  }, [rows, cols, sort, props.quickFilter]);

  // rows that left the list leave the selection; a filter or new rows beyond the last page go back to page 1
  useEffect(() => {
    setPicked((s) =>
      s.size && [...s].some((r) => !rows.includes(r)) ? new Set(rows.filter((r) => s.has(r))) : s,
    );
  }, [rows]);
  const pages = Math.max(1, Math.ceil(shown.length / pageSize));
  useEffect(() => {
    if (page >= pages) setPage(0);
  }, [page, pages]);

  const pick = (next: Set<T>) => {
    setPicked(next);
    props.onSelectionChange?.(rows.filter((r) => next.has(r)));
  };
  const onHeader = (c: Col<T>) => {
    if (c.def.sortable === false) return;
    // as the grid cycles: ascending, descending, unsorted
    setSort((s) =>
      s?.id !== c.id ? { id: c.id, dir: 'asc' } : s.dir === 'asc' ? { id: c.id, dir: 'desc' } : null,
    );
  };

  const flexTotal = cols.reduce((n, c) => n + (c.def.width ? 0 : (c.def.flex ?? 1)), 0) || 1;
  const start = Math.min(page, pages - 1) * pageSize;
  const visible = shown.slice(start, start + pageSize);
  const allPicked = shown.length > 0 && shown.every((r) => picked.has(r));
  let body: ReactNode;
  if (!visible.length)
    body = (
      <tr className="pu-lt-empty">
        <td colSpan={cols.length + (selectable ? 1 : 0)}>
          <span className="pu-muted">
            {props.loading ? 'Loading…' : (props.emptyText ?? 'No rows to show.')}
          </span>
        </td>
      </tr>
    );
  else
    body = visible.map((r, i) => {
      const id = rowId(r, start + i);
      return (
        <tr key={id} data-row-id={id} aria-selected={selectable ? picked.has(r) : undefined}>
          {selectable && (
            <td className="pu-lt-check">
              <input
                type="checkbox"
                aria-label="Select row"
                checked={picked.has(r)}
                onChange={(e) => {
                  const next = new Set(picked);
                  if (e.target.checked) next.add(r);
                  else next.delete(r);
                  pick(next);
                }}
              />
            </td>
          )}
          {cols.map((c) => (
            <td key={c.id} data-col-id={c.id}>
              <Cell col={c.def} data={r} index={start + i} />
            </td>
          ))}
        </tr>
      );
    });

  return (
    <div className="pu-table pu-lt" data-testid={props.testId} aria-busy={props.loading || undefined}>
      <TableToolbar toolbar={props.toolbar} onRefresh={props.onRefresh} testId={props.testId} />
      <div className="pu-lt-scroll">
        <table className="pu-lt-table">
          <thead>
            <tr style={props.headerHeight ? { height: props.headerHeight } : undefined}>
              {selectable && (
                <th className="pu-lt-check">
                  <input
                    type="checkbox"
                    aria-label="Select all rows"
                    checked={allPicked}
                    onChange={(e) => pick(new Set(e.target.checked ? shown : []))}
                  />
                </th>
              )}
              {cols.map((c) => {
                const dir = sort?.id === c.id ? sort.dir : undefined;
                const name = c.def.headerName ?? c.id;
                return (
                  <th
                    key={c.id}
                    data-col-id={c.id}
                    style={widthStyle(c.def, flexTotal)}
                    aria-sort={dir === 'asc' ? 'ascending' : dir === 'desc' ? 'descending' : undefined}
                  >
                    {c.def.sortable === false ? (
                      name
                    ) : (
                      <button type="button" className="pu-lt-sort" onClick={() => onHeader(c)}>
                        {name}
                        <span aria-hidden="true" className="pu-lt-mark">
                          {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : ''}
                        </span>
                      </button>
                    )}
                  </th>
                );
              })}
            </tr>
          </thead>
          <tbody>{body}</tbody>
        </table>
      </div>
      {shown.length > Math.min(pageSize, ...pageSizes) && (
        <div className="pu-lt-pager">
          {pageSizes.length > 1 && (
            <label>
              Page Size:{' '}
              <select
                value={pageSize}
                onChange={(e) => {
                  setPageSize(Number(e.target.value));
                  setPage(0);
                }}
              >
                {pageSizes.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </label>
          )}
          <span>
            {start + 1} to {start + visible.length} of {shown.length}
          </span>
          <Button
            size="sm"
            disabled={page === 0}
            onClick={() => setPage(page - 1)}
            aria-label="Previous page"
          >
            ‹
          </Button>
          <span>
            Page {Math.min(page, pages - 1) + 1} of {pages}
          </span>
          <Button
            size="sm"
            disabled={page >= pages - 1}
            onClick={() => setPage(page + 1)}
            aria-label="Next page"
          >
            ›
          </Button>
        </div>
      )}
    </div>
  );
}

import { useId, useState, type ReactNode } from 'react';
import { Button } from '@portal/ui';

export interface TableData {
  columns: string[];
  rows: (string | number)[][];
}

/**
 * One chart with its table fallback (accessible: the chart is an image described by the table, which stays in the
 * page for screen readers while hidden; "Show as table" shows it to everyone instead of the chart).
 */
export function ChartCard({
  title,
  testId,
  table,
  empty,
  children,
  wide,
}: {
  title: string;
  testId: string;
  table: TableData;
  /** Shown instead of the chart (and the table) when there is nothing to draw. */
  empty?: string | false;
  children: ReactNode;
  wide?: boolean;
}) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  return (
    <section
      className={`pu-card db-chart${wide ? ' db-wide' : ''}`}
      aria-labelledby={`${id}-h`}
      data-testid={testId}
    >
      <div className="db-chart-head">
        <h2 id={`${id}-h`}>{title}</h2>
        {!empty && (
          <Button
            variant="link"
            size="sm"
            aria-pressed={asTable}
            onClick={() => setAsTable((t) => !t)}
            data-testid={`${testId}-toggle`}
          >
            {asTable ? 'Show as chart' : 'Show as table'}
          </Button>
        )}
      </div>
      {empty ? (
        <p className="db-empty" data-testid={`${testId}-empty`}>
          {empty}
        </p>
      ) : (
        <>
          {!asTable && (
            <div className="db-plot" role="img" aria-label={`${title} (chart)`} aria-describedby={`${id}-t`}>
              {children}
            </div>
          )}
          <div className={asTable ? undefined : 'db-vh'} data-testid={`${testId}-fallback`}>
            <table id={`${id}-t`} className="db-table" data-testid={`${testId}-table`}>
              <caption className="db-vh">{title}</caption>
              <thead>
                <tr>
                  {table.columns.map((c) => (
                    <th key={c} scope="col">
                      {c}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((r, i) => (
                  <tr key={i}>
                    {r.map((cell, j) =>
                      j === 0 ? (
                        <th key={j} scope="row">
                          {cell}
                        </th>
                      ) : (
                        <td key={j}>{cell}</td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}

/** A headline figure. */
export function Figure({
  label,
  value,
  note,
  testId,
}: {
  label: string;
  value: ReactNode;
  note?: string;
  testId: string;
}) {
  return (
    <div className="pu-card db-figure" data-testid={testId}>
      <div className="db-figure-label">{label}</div>
      <div className="db-figure-value">{value}</div>
      {note && <div className="db-figure-note">{note}</div>}
    </div>
  );
}

/** 0–1 → "66.7%"; null → "—". */
export const percent = (rate: number | null) => (rate === null ? '—' : `${(rate * 100).toFixed(1)}%`);

import { useEffect, useRef } from 'react';
import { Button } from '@portal/ui';

export interface ChoosableColumn {
  colId: string;
  headerName?: string;
}

/**
 * "Columns": which columns the list shows (the order ID always). A native disclosure (keyboard and screen readers
 * for free); Escape or a click outside closes it. The choice is kept per user (grid-layout.ts).
 */
export function ColumnChooser(props: {
  columns: ChoosableColumn[];
  hidden: string[];
  onShow: (colId: string, shown: boolean) => void;
  onReset: () => void;
  testId: string;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    const close = (e: Event) => {
      const d = ref.current;
      if (!d?.open) return;
      if (e instanceof KeyboardEvent ? e.key === 'Escape' : !d.contains(e.target as Node)) d.open = false;
    };
    document.addEventListener('keydown', close);
    document.addEventListener('pointerdown', close);
    return () => {
      document.removeEventListener('keydown', close);
      document.removeEventListener('pointerdown', close);
    };
  }, []);
  return (
    <details className="ord-columns" ref={ref} data-testid={props.testId}>
      <summary className="pu-btn pu-btn-secondary pu-btn-md" data-testid={`${props.testId}-toggle`}>
        Columns
      </summary>
      <fieldset className="ord-columns-panel">
        <legend>Show columns</legend>
        {props.columns.map((c) => (
          <label key={c.colId} className="ord-columns-item">
            <input
              type="checkbox"
              checked={c.colId === 'orderId' || !props.hidden.includes(c.colId)}
              disabled={c.colId === 'orderId'}
              onChange={(e) => props.onShow(c.colId, e.target.checked)}
              data-testid={`${props.testId}-${c.colId}`}
            />
            {c.headerName}
          </label>
        ))}
        <Button size="sm" onClick={props.onReset} data-testid={`${props.testId}-reset`}>
          Reset columns and widths
        </Button>
      </fieldset>
    </details>
  );
}

import type { ReactNode } from 'react';
import { Button } from './Button.js';

/** The toolbar above a table (the grid's and the light table's alike): the page's tools and Refresh. */
export function TableToolbar(props: { toolbar?: ReactNode; onRefresh?: () => void; testId?: string }) {
  if (!props.onRefresh && !props.toolbar) return null;
  return (
    <div className="pu-table-toolbar">
      <div className="pu-table-tools">{props.toolbar}</div>
      {props.onRefresh && (
        <Button
          onClick={props.onRefresh}
          aria-label="Refresh"
          title="Refresh"
          data-testid={props.testId ? `${props.testId}-refresh` : undefined}
        >
          Refresh
        </Button>
      )}
    </div>
  );
}

import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Alert, Button, EmptyState, errorText } from '@portal/ui';

/**
 * The three states every fleet list has before its table: loading, failed (with the server's message and a retry)
 * and empty (what the list is for, and the button that fills it when the user may). `children` renders the rows.
 */
export function ListState<T>({
  query,
  what,
  empty,
  testId,
  children,
}: {
  query: UseQueryResult<T[]>;
  what: string;
  empty: { title: string; text: string; action?: ReactNode };
  testId: string;
  children: (rows: T[]) => ReactNode;
}) {
  if (query.isPending) return <div className="pu-page-loading" aria-busy="true" />;
  if (query.isError) {
    return (
      <Alert type="error" testId={`${testId}-error`}>
        The {what} could not be loaded: {errorText(query.error)}{' '}
        <Button variant="link" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </Alert>
    );
  }
  if (query.data.length === 0) {
    return (
      <EmptyState title={empty.title} testId={`${testId}-empty`}>
        <p>{empty.text}</p>
        {empty.action}
      </EmptyState>
    );
  }
  return <>{children(query.data)}</>;
}

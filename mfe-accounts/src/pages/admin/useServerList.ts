import { useCallback, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorText } from '@portal/ui';

const EMPTY: never[] = [];

/**
 * A list screen's server state in the page's shared react-query cache: a revisit shows the last rows at once and
 * refreshes them behind (staleTime 0: these admin lists change under other screens, e.g. Edit Account), a failed
 * load keeps its message until closed, and a screen's own edits patch the cached rows instead of reloading them
 * (which would reset the table's page and sort). `what` starts the load-failure message.
 */
export function useServerList<T>(key: readonly unknown[], fetch: () => Promise<T[]>, what: string) {
  const client = useQueryClient();
  const query = useQuery({ queryKey: key, queryFn: fetch, staleTime: 0 });
  const [closedAt, setClosedAt] = useState(0);
  const [ownError, setOwnError] = useState<string | null>(null);
  // Stable across renders (screens put it in their memoised table callbacks); the key is a constant per screen.
  const keyText = JSON.stringify(key);
  const setRows = useCallback(
    (update: (rows: T[]) => T[]) => client.setQueryData<T[]>(JSON.parse(keyText), (old) => update(old ?? [])),
    [client, keyText],
  );
  const loadError =
    query.isError && query.errorUpdatedAt > closedAt
      ? `${what} could not be loaded: ${errorText(query.error)}`
      : null;
  return {
    rows: (query.data ?? EMPTY) as T[],
    loading: query.isFetching,
    /** A screen's own failure (e.g. a refused submit) wins over the load failure. */
    error: ownError ?? loadError,
    setError(message: string | null) {
      setOwnError(message);
      if (message === null) setClosedAt(query.errorUpdatedAt);
    },
    load: () => void query.refetch(),
    setRows,
  };
}

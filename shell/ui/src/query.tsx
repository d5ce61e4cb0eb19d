import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';

/**
 * The one react-query client of the page. @portal/ui and @tanstack/react-query are Module Federation singletons
 * (webpack/mfe.cjs), so every MFE that wraps its App in <QueryProvider> shares this cache: a list one domain loaded
 * is not fetched again by another. Errors are the api's ApiError (a 401 already applied the token rule), so a
 * retry would only repeat a refusal: one retry, for network blips.
 */
export const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, staleTime: 30_000, refetchOnWindowFocus: false } },
});

export function QueryProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

import { lazy, Suspense, type ComponentType } from 'react';

/**
 * A page loaded on first visit (its own chunk), so an MFE's entry carries only its route table: /login does not
 * download the admin screens (the browser budget). `pick` names the module's export.
 */
export function lazyPage<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): ComponentType {
  const Page = lazy(() => load().then((m) => ({ default: pick(m) })));
  return function LazyPage() {
    return (
      <Suspense fallback={<div className="pu-page-loading" aria-busy="true" />}>
        <Page />
      </Suspense>
    );
  };
}

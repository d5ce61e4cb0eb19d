import { useEffect, useRef, useState } from 'react';
import { usePortal } from '@portal/ui';

interface RoutingDetail {
  oldUrl: string;
  newUrl: string;
  cancelNavigation?: () => void;
}

/**
 * Orders §2: leaving the route editor with unsaved changes asks first. Three ways out are covered: the editor's own
 * Back (`leave`), any portal navigation (a menu link, the browser's back button: single-spa's
 * before-routing-event is cancelled and the target kept until the user answers) and closing or reloading the tab
 * (the browser's own beforeunload prompt; browsers allow no custom text there).
 */
export function useLeaveGuard(dirty: boolean) {
  const { navigate } = usePortal();
  const [pending, setPending] = useState<string | null>(null);
  // Set once the user chose to leave, so the navigation that follows is not stopped again.
  const allowed = useRef(false);

  useEffect(() => {
    if (!dirty) return;
    const onRoute = (e: Event) => {
      const d = (e as CustomEvent<RoutingDetail>).detail;
      if (allowed.current || !d?.cancelNavigation) return;
      const next = new URL(d.newUrl);
      if (next.pathname === new URL(d.oldUrl).pathname) return;
      d.cancelNavigation();
      setPending(next.pathname + next.search);
    };
    const onUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('single-spa:before-routing-event', onRoute);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      window.removeEventListener('single-spa:before-routing-event', onRoute);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, [dirty]);

  const go = (to: string) => {
    allowed.current = true;
    setPending(null);
    navigate(to);
  };
  return {
    /** The path the user tried to open while the editor had changes, or null. */
    pending,
    /** Leave now when nothing is unsaved, else ask. */
    leave: (to: string) => (dirty ? setPending(to) : go(to)),
    /** Leave after a save or the user's "Leave": no question. */
    go,
    stay: () => setPending(null),
  };
}

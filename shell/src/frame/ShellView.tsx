import { useEffect, useState } from 'react';
import { getAppStatus, triggerAppChange } from 'single-spa';
import { Alert, Button, EmptyState, Link } from '@portal/ui';
import type { Resolution } from '../routes.js';
import { Faq } from './Faq.js';

function useAppStatus(name: string | null): string | null {
  const [, tick] = useState(0);
  useEffect(() => {
    const on = () => tick((n) => n + 1);
    window.addEventListener('single-spa:app-change', on);
    window.addEventListener('single-spa:routing-event', on);
    return () => {
      window.removeEventListener('single-spa:app-change', on);
      window.removeEventListener('single-spa:routing-event', on);
    };
  }, []);
  return name ? getAppStatus(name) : null;
}

/** What the shell itself shows in the main area: FAQ, not found, no access, or an MFE's loading/failure state. */
export function ShellView({
  resolution,
  registered,
  down,
  pathname,
}: {
  resolution: Resolution;
  registered: string[];
  down: string[];
  pathname: string;
}) {
  const owner = 'owner' in resolution ? resolution.owner : null;
  const status = useAppStatus(owner && registered.includes(owner) ? owner : null);
  if ('view' in resolution) {
    if (resolution.view === 'faq') return <Faq />;
    if (resolution.view === 'unavailable') {
      return (
        <EmptyState title="This part of the portal is unavailable" testId="mfe-unavailable">
          <code>{pathname}</code> may belong to a part of the portal that cannot be reached right now (
          {down.join(', ')}). The rest of the portal works; try again in a few minutes.
        </EmptyState>
      );
    }
    if (resolution.view === 'forbidden') {
      return (
        <EmptyState title="You do not have access to this page" testId="forbidden">
          Your account&apos;s role does not include this screen. Use the menu to reach the screens you can
          open.
        </EmptyState>
      );
    }
    return (
      <EmptyState title="Page not found" testId="not-found">
        There is no page at <code>{pathname}</code>. Check the address or go{' '}
        <Link to="/">to the start page</Link>.
      </EmptyState>
    );
  }
  if (!owner) return null;
  if (!registered.includes(owner)) {
    return (
      <Alert type="error" testId="mfe-missing">
        The {owner} part of the portal is not deployed here, so this screen cannot open.
      </Alert>
    );
  }
  if (status === 'LOAD_ERROR' || status === 'SKIP_BECAUSE_BROKEN') {
    return (
      <Alert type="error" testId="mfe-error">
        The {owner} part of the portal could not be loaded. Check your connection and{' '}
        <Button
          variant="link"
          onClick={() =>
            status === 'SKIP_BECAUSE_BROKEN' ? window.location.reload() : void triggerAppChange()
          }
        >
          try again
        </Button>
        .
      </Alert>
    );
  }
  if (status !== 'MOUNTED')
    return <div className="sh-loading" role="status" aria-label="Loading" data-testid="mfe-loading" />;
  return null;
}

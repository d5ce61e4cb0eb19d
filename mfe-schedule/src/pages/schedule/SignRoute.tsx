import { Suspense, lazy, type ComponentType } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Modal, personName, usePortal } from '@portal/ui';
import type { SignManifestsProps } from 'mfe_orders/SignManifests';

/** When mfe-orders' remote does not load, the schedule says so and keeps working (the pad is orders'). */
function Unavailable({ onClose }: Pick<SignManifestsProps, 'onClose'>) {
  return (
    <Modal
      open
      title="Sign Manifests"
      onClose={onClose}
      testId="sign-route-unavailable"
      footer={<Button onClick={onClose}>Close</Button>}
    >
      <Alert type="warning">
        The signature pad is unavailable right now (the orders part of the portal did not load). Try again in
        a moment.
      </Alert>
    </Modal>
  );
}

/**
 * The manifest signature pad for a route's orders (orders §2: "sign manifests" when sigs.show, role 2). The pad is
 * mfe-orders' ./SignManifests, loaded at run time through Module Federation (webpack.config.cjs `remotes`), fetched
 * on the first click: mfe-orders ships it alone, and this bundle does not change when it does.
 */
const SignManifests = lazy<ComponentType<SignManifestsProps>>(() =>
  import('mfe_orders/SignManifests').then(
    (m) => ({ default: m.SignManifests }),
    (e: unknown) => {
      console.warn('mfe_orders/SignManifests unavailable', e);
      return { default: Unavailable };
    },
  ),
);

interface Me {
  name?: unknown;
  signature?: { image?: string | null } | null;
}

export function SignRoute({ ids, onClose, onDone }: { ids: string[]; onClose(): void; onDone(): void }) {
  const { api } = usePortal();
  const me = useQuery({
    queryKey: ['accounts', 'me'],
    queryFn: () => api.get<{ user: Me }>('/api/users/me').then((r) => r.user),
    staleTime: 60_000,
  });
  if (me.isPending) return null;
  return (
    <Suspense fallback={null}>
      <SignManifests
        ids={ids}
        kinds={['driver']}
        open
        name={personName(me.data?.name)}
        profileImage={me.data?.signature?.image ?? null}
        onClose={onClose}
        onDone={(o) => o.signed > 0 && onDone()}
      />
    </Suspense>
  );
}

import { Suspense, lazy } from 'react';
import { useQuery } from '@tanstack/react-query';
import { personName, usePortal } from '@portal/ui';

/**
 * Issue 13's manifest signature pad for a route's orders (orders §2: "sign manifests" when sigs.show, role 2). The
 * pad is mfe-orders' SignManifests, made for this ("a route's worth for the schedule"); mfe-orders exposes no
 * federated module for it, so this screen imports its source in a chunk of its own, fetched on the first click.
 */
const SignManifests = lazy(() =>
  import('../../../../mfe-orders/src/signing/SignManifests.js').then((m) => ({ default: m.SignManifests })),
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

import { useEffect, useState } from 'react';
import { ROLE_LABELS } from '@portal/contracts';
import { Alert, PageTitle, errorText, usePortal, useSessionUser } from '@portal/ui';
import { getMe, type Account } from '../api.js';
import { verifiedLabel } from './verified.js';

/** A minimal profile: who is signed in, as accounts knows them (the full edit form is a later step). */
export function Profile() {
  const { api } = usePortal();
  const sessionUser = useSessionUser();
  const [me, setMe] = useState<Account | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    getMe(api).then(setMe, (e: unknown) => setError(errorText(e)));
  }, [api]);

  const user = me ?? (sessionUser ? { verified: undefined, ...sessionUser } : null);
  if (!user) return null;
  const rows: [string, string][] = [
    ['Email', user.email],
    ['Name', user.name || '—'],
    ['Company', user.company || '—'],
    ['Role', ROLE_LABELS[user.role] ?? String(user.role)],
    ['Verified', user.verified === undefined ? '—' : verifiedLabel(user.verified)],
  ];
  return (
    <div data-testid="profile">
      <PageTitle>Profile</PageTitle>
      {error && <Alert type="error" onClose={() => setError(null)}>{error}</Alert>}
      <dl className="pu-card acc-profile">
        {rows.map(([k, v]) => (
          <div key={k}>
            <dt>{k}</dt>
            <dd data-testid={`profile-${k.toLowerCase()}`}>{v}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

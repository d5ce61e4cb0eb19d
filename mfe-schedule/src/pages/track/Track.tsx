import { useQuery } from '@tanstack/react-query';
import { DispatchMessages, PublicMessages, type TrackingView } from '@portal/contracts/dispatch';
import { Alert, ApiError, Button, PageTitle, errorText, usePortal } from '@portal/ui';
import { TRACK_KEY, getTracking } from '../../api.js';
import './track.css';

/** How often the page asks again (polls every ~30 s). */
export const TRACK_POLL_MS = 30_000;

/** The token of the link: ?t= (the mail's link) or #t= (never sent to a server). */
export const tokenOfLocation = (loc: Pick<Location, 'search' | 'hash'> = window.location) =>
  new URLSearchParams(loc.search).get('t') ?? new URLSearchParams(loc.hash.replace(/^#/, '')).get('t') ?? '';

const DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});
const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const dayText = (iso: string) => DAY.format(new Date(`${iso}T00:00:00Z`));
const whenText = (iso: string) => (Number.isNaN(Date.parse(iso)) ? iso : WHEN.format(new Date(iso)));

/**
 * /dashboard/track?t=<token> (public, no login; live delivery tracking): a receiver's one order from the
 * signed, expiring link in the In Transit mail — "out for delivery — stop k of n", the delivery day and, once
 * delivered, when and who signed. Asks again every 30 s. An expired, tampered or revoked link shows only
 * DispatchMessages.trackingGone.
 */
export function Track() {
  const { api } = usePortal();
  const token = tokenOfLocation();
  const track = useQuery({
    queryKey: [...TRACK_KEY, token],
    queryFn: () => getTracking(api, token),
    enabled: !!token,
    retry: (n, e) => !(e instanceof ApiError && e.status < 500) && n < 2,
    refetchInterval: (q) => (q.state.error ? false : TRACK_POLL_MS),
    refetchOnWindowFocus: true,
  });
  // 404 (invalid, expired, revoked) and any other refusal of the link itself: only the words, never the answer's text
  const gone =
    !token ||
    (track.error instanceof ApiError &&
      track.error.status >= 400 &&
      track.error.status < 500 &&
      track.error.status !== 429);

  return (
    <div className="pu-page tk-page" data-testid="track-page">
      <PageTitle>Track your delivery</PageTitle>
      {!token && (
        <p className="pu-card tk-card" data-testid="track-no-token">
          {PublicMessages.trackingNoToken}
        </p>
      )}
      {token && gone && (
        <div className="pu-card tk-card tk-gone" role="alert" data-testid="track-gone">
          {DispatchMessages.trackingGone}
        </div>
      )}
      {token && !gone && track.isError && (
        <Alert type="error" testId="track-error">
          {errorText(track.error)}
        </Alert>
      )}
      {token && track.isPending && <p className="pu-muted">Loading…</p>}
      {!gone && track.data && (
        <TrackCard
          view={track.data}
          updatedAt={track.dataUpdatedAt}
          refreshing={track.isFetching}
          onRefresh={() => void track.refetch()}
        />
      )}
    </div>
  );
}

const STATE_TEXT: Record<TrackingView['state'], string> = {
  scheduled: 'Scheduled',
  'out-for-delivery': 'Out for delivery',
  delivered: 'Delivered',
  'not-delivered': 'Not delivered',
};

function TrackCard(props: {
  view: TrackingView;
  updatedAt: number;
  refreshing: boolean;
  onRefresh: () => void;
}) {
  const { view } = props;
  return (
    <section className={`pu-card tk-card tk-${view.state}`} aria-live="polite" data-testid="track-view">
      <p className="tk-order">
        Order <strong data-testid="track-order">{view.orderId}</strong> to {view.destName}
      </p>
      <p className="tk-state" data-testid="track-state">
        {view.state === 'out-for-delivery' && view.stop
          ? PublicMessages.trackingStop(view.stop.k, view.stop.n)
          : STATE_TEXT[view.state]}
      </p>
      {view.stop && (
        <div
          className="tk-progress"
          role="progressbar"
          aria-label="Stops on the route"
          aria-valuemin={1}
          aria-valuemax={view.stop.n}
          aria-valuenow={view.stop.k}
        >
          <span style={{ width: `${(100 * view.stop.k) / view.stop.n}%` }} />
        </div>
      )}
      <dl className="tk-facts">
        {view.window && (
          <>
            <dt>Delivery day</dt>
            <dd data-testid="track-day">
              {dayText(view.window.day)}
              {view.window.from && view.window.to ? `, ${view.window.from}–${view.window.to}` : ''}
            </dd>
          </>
        )}
        {view.delivered && (
          <>
            <dt>Delivered</dt>
            <dd data-testid="track-delivered-at">{whenText(view.delivered.at)}</dd>
            {view.delivered.name && (
              <>
                <dt>Signed by</dt>
                <dd data-testid="track-signed-by">{view.delivered.name}</dd>
              </>
            )}
          </>
        )}
        {view.state === 'not-delivered' && (
          <>
            <dt>What now</dt>
            <dd>The delivery could not be completed as planned; the sender will be in touch.</dd>
          </>
        )}
      </dl>
      <p className="pu-muted tk-updated">
        Updated {new Date(props.updatedAt).toLocaleTimeString()} · refreshes every 30 seconds{' '}
        <Button
          size="sm"
          variant="link"
          onClick={props.onRefresh}
          disabled={props.refreshing}
          data-testid="track-refresh"
        >
          {props.refreshing ? 'Refreshing…' : 'Refresh now'}
        </Button>
      </p>
    </section>
  );
}

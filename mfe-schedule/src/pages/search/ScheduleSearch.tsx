import { useEffect, useId, useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ROUTE_WEEKDAYS } from '@portal/contracts';
import { DISPATCH, PublicMessages, type ScheduleSearchRow } from '@portal/contracts/dispatch';
import { Alert, Button, PageTitle, TextField, errorText, usePortal } from '@portal/ui';
import { SEARCH_KEY, searchSchedule } from '../../api.js';
import './search.css';

const DAY_NAMES: Record<(typeof ROUTE_WEEKDAYS)[number], string> = {
  mon: 'Monday',
  tue: 'Tuesday',
  wed: 'Wednesday',
  thur: 'Thursday',
  fri: 'Friday',
  sat: 'Saturday',
  sun: 'Sunday',
};
const DEFAULT_DAYS: readonly string[] = DISPATCH.publicSearchDefaultDays;
/** What the server accepts (domain/search): 2+ letters of a city, or 2 to 5 digits of a zip. */
const searchable = (q: string) => {
  const t = q.trim();
  return /^\d[\d-]*$/.test(t)
    ? t.replace(/-.*$/, '').length >= 2
    : t.replace(/[^\p{L}\p{N}]/gu, '').length >= 2;
};

function useDebounced<T>(value: T, ms: number): T {
  const [v, setV] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setV(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return v;
}

const initialQ = () => new URLSearchParams(window.location.search).get('q') ?? '';

/**
 * /dashboard/schedulesearch (public, no login, orders §2 "Public delivery schedule search"): which delivery
 * routes serve a city or zip, on the chosen weekdays (Monday–Friday by default). Typing searches after a pause
 * (750 ms, orders §9); at most 250 results, 50 a page. The address keeps ?q= so a search can be shared.
 */
export function ScheduleSearch() {
  const { api } = usePortal();
  const [q, setQ] = useState(initialQ);
  const [days, setDays] = useState<readonly string[]>(DEFAULT_DAYS);
  const [page, setPage] = useState(1);
  const dq = useDebounced(q.trim(), DISPATCH.searchDebounceMs);
  const ready = searchable(dq) && days.length > 0;
  const daysId = useId();

  useEffect(() => setPage(1), [dq, days]);
  useEffect(() => {
    const url = new URL(window.location.href);
    if (dq) url.searchParams.set('q', dq);
    else url.searchParams.delete('q');
    window.history.replaceState(window.history.state, '', url);
  }, [dq]);

  const search = useQuery({
    queryKey: [...SEARCH_KEY, dq, days.join(','), page],
    queryFn: () => searchSchedule(api, dq, days, page),
    enabled: ready,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 5_000,
  });
  const data = ready ? search.data : undefined;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const toggle = (d: string, on: boolean) =>
    setDays((cur) => ROUTE_WEEKDAYS.filter((w) => (w === d ? on : cur.includes(w))));

  return (
    <div className="pu-page ss-page" data-testid="schedule-search">
      <PageTitle>Delivery Schedule</PageTitle>
      <p className="pu-muted">Find the days deliveries run to your city or zip code.</p>
      <form className="ss-form pu-card" role="search" onSubmit={(e) => e.preventDefault()}>
        <TextField
          label="City or zip code"
          type="search"
          placeholder="e.g. Trenton or 08601"
          value={q}
          onChange={setQ}
          maxLength={64}
          autoComplete="off"
          testId="ss-query"
        />
        <fieldset className="ss-days" aria-describedby={`${daysId}-hint`}>
          <legend>Delivery days</legend>
          {ROUTE_WEEKDAYS.map((d) => (
            <label key={d} className="ss-day">
              <input
                type="checkbox"
                checked={days.includes(d)}
                onChange={(e) => toggle(d, e.target.checked)}
                data-testid={`ss-day-${d}`}
              />
              <span>{DAY_NAMES[d].slice(0, 3)}</span>
              <span className="ss-sr">{DAY_NAMES[d].slice(3)}</span>
            </label>
          ))}
          <span id={`${daysId}-hint`} className="pu-muted ss-days-hint">
            {days.length === 0 ? 'Choose at least one day.' : 'Routes running on any of the checked days.'}
          </span>
        </fieldset>
      </form>

      <div aria-live="polite" className="ss-status">
        {!ready && days.length > 0 && (
          <p className="pu-muted" data-testid="ss-hint">
            {PublicMessages.searchHint}
          </p>
        )}
        {ready && search.isError && (
          <Alert type="error" testId="ss-error">
            {errorText(search.error)}
          </Alert>
        )}
        {data && (
          <p className="ss-count" data-testid="ss-count">
            {PublicMessages.searchCount(data.total, DISPATCH.publicSearchMax)}
            {search.isFetching && <span className="pu-muted"> · updating…</span>}
          </p>
        )}
        {data?.truncated && (
          <Alert type="info" testId="ss-truncated">
            {PublicMessages.searchTruncated(DISPATCH.publicSearchMax)}
          </Alert>
        )}
        {data && data.total === 0 && (
          <div className="pu-card ss-empty" data-testid="ss-empty">
            {PublicMessages.searchNone}
          </div>
        )}
      </div>

      {data && data.rows.length > 0 && (
        <>
          <table className="ss-table" data-testid="ss-results">
            <caption className="ss-sr">Delivery routes for {dq}</caption>
            <thead>
              <tr>
                <th scope="col">Route</th>
                <th scope="col">City</th>
                <th scope="col">Zip</th>
                <th scope="col">Days</th>
                <th scope="col">Start time</th>
                <th scope="col">
                  <span className="ss-sr">Notes</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.rows.map((r) => (
                <ResultRow key={`${r.routeId}/${r.city}/${r.zip}/${r.days}`} row={r} />
              ))}
            </tbody>
          </table>
          {pages > 1 && (
            <nav className="ss-pager" aria-label="Result pages">
              <Button
                variant="secondary"
                disabled={page <= 1}
                onClick={() => setPage((p) => p - 1)}
                data-testid="ss-prev"
              >
                Previous
              </Button>
              <span data-testid="ss-page">
                Page {page} of {pages}
              </span>
              <Button
                variant="secondary"
                disabled={page >= pages}
                onClick={() => setPage((p) => p + 1)}
                data-testid="ss-next"
              >
                Next
              </Button>
            </nav>
          )}
        </>
      )}
    </div>
  );
}

function ResultRow({ row }: { row: ScheduleSearchRow }) {
  return (
    <tr data-testid="ss-row">
      <td data-label="Route">{row.routeName}</td>
      <td data-label="City">{row.city}</td>
      <td data-label="Zip">{row.zip}</td>
      <td data-label="Days">{row.days}</td>
      <td data-label="Start time">{row.startTime}</td>
      <td data-label="Notes">
        {row.overnight && (
          <span className="ss-tag" title="Picked up that day, delivered the next">
            overnight
          </span>
        )}
        {row.biWeekly && (
          <span className="ss-tag" title="Runs every other week">
            bi-weekly
          </span>
        )}
      </td>
    </tr>
  );
}

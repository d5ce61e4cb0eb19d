import { useEffect, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DispatchMessages as D, WeeklyMessages as W } from '@portal/contracts/dispatch';
import { ApiError, errorText, toast, usePortal, useConfirm } from '@portal/ui';
import { WEEKLY_KEY, copyWeek, fixOrders, getWeek, saveWeek, type WeeklyChange } from '../api.js';
import { isoDay } from '../week.js';
import { affectedNow, isDirty, setEntry, type Days } from './grid.js';

const ORDERS_FAILED = (m: string) => `The orders were not updated: ${m}`;

/**
 * The weekly schedule's state: the week as loaded, the local edits, save / notify / copy. A failed save shows
 * "Update failed: {message}" (orders §8) and keeps the edits; a week changed by someone else (409) says so.
 */
export function useWeek(monday: Date, signedIn: boolean) {
  const { api } = usePortal();
  const qc = useQueryClient();
  const week = isoDay(monday);
  const query = useQuery({
    queryKey: [...WEEKLY_KEY, week, signedIn],
    queryFn: () => getWeek(api, week, signedIn),
  });
  const [days, setDays] = useState<Days>({});
  const [loaded, setLoaded] = useState<Days>({});
  const [pending, setPending] = useState<WeeklyChange[]>([]);
  const [lastUpdated, setLastUpdated] = useState<string | undefined>();
  const [warnings, setWarnings] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { ask, dialog: confirmDialog } = useConfirm('ws-confirm');

  useEffect(() => {
    const d = query.data;
    if (!d) return;
    setDays(d.data.days);
    setLoaded(d.data.days);
    setPending(d.pending ?? []);
    setLastUpdated(d.lastUpdated);
    setFailure(null);
  }, [query.data]);
  // the last save's warnings stay through the refetch that follows it; another week starts without them
  useEffect(() => setWarnings([]), [week]);

  const affected = useMemo(() => affectedNow(pending, loaded, days), [pending, loaded, days]);
  const dirty = isDirty(loaded, days);

  /**
   * The saved week onto its orders (orders' fixorders): their drivers and vehicles follow the schedule. Orders also
   * applies the save's event by itself; this call is the explicit one and its answer says what it found. A failure
   * keeps the saved week and says the orders were not updated.
   */
  async function applyToOrders(notify: boolean) {
    try {
      const r = await fixOrders(api, week, notify);
      if (r.data.failed.length) toast.error(`${r.message} ${ORDERS_FAILED(r.data.failed.join('; '))}`);
      else toast.success(r.message);
      void qc.invalidateQueries({ queryKey: ['routing', 'schedule'] });
    } catch (e) {
      toast.error(ORDERS_FAILED(errorText(e)));
    }
  }

  async function save(notify?: string[]) {
    setBusy(true);
    setFailure(null);
    try {
      const a = await saveWeek(api, { date: week, lastUpdated, data: { days } }, notify);
      setDays(a.data.days);
      setLoaded(a.data.days);
      setPending(a.pending);
      setLastUpdated(a.lastUpdated);
      setWarnings(a.warnings);
      toast.success(notify?.length ? W.notified(a.notified.length) : W.saved);
      void qc.invalidateQueries({ queryKey: [...WEEKLY_KEY, week] });
      await applyToOrders(!!notify?.length);
      return true;
    } catch (e) {
      setFailure(D.updateFailed(errorText(e)));
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function copyTo(to: string): Promise<string | null> {
    setBusy(true);
    setFailure(null);
    try {
      let a;
      try {
        a = await copyWeek(api, week, to);
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 409)) throw e;
        const yes = await ask({ title: 'Copy over that week?', text: errorText(e), confirm: 'Copy over it' });
        if (!yes) return null;
        a = await copyWeek(api, week, to, true);
      }
      toast.success(W.copied(a.date));
      void qc.invalidateQueries({ queryKey: [...WEEKLY_KEY, a.date] });
      return a.date;
    } catch (e) {
      setFailure(D.updateFailed(errorText(e)));
      return null;
    } finally {
      setBusy(false);
    }
  }

  return {
    week,
    query,
    days,
    edit: (driver: string, day: string, entry: Parameters<typeof setEntry>[3]) =>
      setDays((d) => setEntry(d, driver, day, entry)),
    affected,
    dirty,
    warnings,
    failure,
    busy,
    save,
    copyTo,
    confirmDialog,
  };
}

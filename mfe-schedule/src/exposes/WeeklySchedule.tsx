import { useMemo, useState } from 'react';
import { DispatchMessages as D } from '@portal/contracts/dispatch';
import { Alert, Button, errorText } from '@portal/ui';
import { addWeeks, dayLabel, isoDay, weekLabel, weekStart, workDays } from '../week.js';
import { Cell } from '../weekly/Cell.js';
import { CopyDialog, NotifyModal, printWeek } from '../weekly/dialogs.js';
import { GRID_DAYS, entryOf, rowsOf } from '../weekly/grid.js';
import { useWeek } from '../weekly/useWeek.js';
import './weekly.css';

/** The props other MFEs pass (mfe-fleet's manageDriver "Schedule" tab); typed for them via mfe_schedule/WeeklySchedule. */
export interface WeeklyScheduleProps {
  /** Kept for older hosts: the service names the drivers itself (this list is not needed and is ignored). */
  drivers?: { id: string; name: string }[];
  /** Read-only whatever the role (the service also refuses writes from anyone but roles 0, 1). */
  readOnly?: boolean;
  /** Any day of the week to open first (default: this week); a date string (YYYY-MM-DD, ISO) is taken too. */
  initialDate?: Date | string;
  /** The public page: no sign-in, names only (GET /api/driverschedule/public). */
  publicView?: boolean;
  /** Called with the new week's Monday (YYYY-MM-DD) when the week changes (e.g. to keep ?date= in the URL). */
  onWeekChange?: (week: string) => void;
}

/**
 * Federated expose './WeeklySchedule' (orders §2 "Weekly driver schedule"): week picker (Monday start), drivers ×
 * Monday–Friday, each cell a route, a vehicle and extras; Add Driver, Update Schedule, Print, copy to another week
 * (admins), "Show All Drivers", change tracking with "Changes made. Make sure to hit Notify Button!" and the notify
 * modal. Editable for roles 0, 1 (the service says so: canEdit); drivers see it read-only with their rows marked.
 */
export function WeeklySchedule({
  readOnly = false,
  initialDate,
  publicView = false,
  onWeekChange,
}: WeeklyScheduleProps) {
  const [added, setAdded] = useState<string[]>([]);
  const [monday, setMondayState] = useState(() =>
    weekStart(initialDate ? new Date(initialDate) : new Date()),
  );
  const setMonday = (d: Date) => {
    setMondayState(d);
    setAdded([]);
    onWeekChange?.(isoDay(d));
  };
  const w = useWeek(monday, !publicView);
  const data = w.query.data;
  const editable = !!data?.canEdit && !readOnly && !publicView;
  const [showAll, setShowAll] = useState(false);
  const [choice, setChoice] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [notifyOpen, setNotifyOpen] = useState(false);
  const [copyOpen, setCopyOpen] = useState(false);
  const days = workDays(monday);
  const drivers = useMemo(() => data?.drivers ?? [], [data]);
  const rows = rowsOf(drivers, w.days, showAll, added);
  const addable = drivers.filter((d) => !d.deleted && !rows.some((r) => r.id === d.id));
  const mine = new Set(data?.mine ?? []);
  const affectedDrivers = drivers.filter((d) => w.affected.includes(d.id));

  function addDriver() {
    if (!choice || !drivers.some((d) => d.id === choice)) return setAddError(D.selectDriver);
    setAddError(null);
    setAdded((a) => [...a, choice]);
    setChoice('');
  }
  const print = () =>
    printWeek(
      weekLabel(monday),
      days.map((d) => dayLabel(d.date)),
      rows,
      w.days,
      data?.routes ?? [],
      data?.vehicles ?? [],
    );

  return (
    <section className="ws" data-testid="weekly-schedule" aria-labelledby="ws-title">
      <div className="ws-head">
        <h2 id="ws-title">Weekly Driver Schedule</h2>
        <div className="ws-week" role="group" aria-label="Week">
          <Button size="sm" onClick={() => setMonday(addWeeks(monday, -1))} aria-label="Previous week">
            ‹
          </Button>
          <strong data-testid="weekly-schedule-week" data-week={isoDay(monday)}>
            {weekLabel(monday)}
          </strong>
          <Button size="sm" onClick={() => setMonday(addWeeks(monday, 1))} aria-label="Next week">
            ›
          </Button>
          <input
            type="date"
            className="pu-input ws-date"
            aria-label="Go to the week of"
            data-testid="ws-date"
            value={isoDay(monday)}
            onChange={(e) => e.target.value && setMonday(weekStart(new Date(`${e.target.value}T00:00:00Z`)))}
          />
        </div>
      </div>

      <div className="ws-tools">
        <label className="ws-check">
          <input
            type="checkbox"
            checked={showAll}
            onChange={(e) => setShowAll(e.target.checked)}
            data-testid="ws-show-all"
          />
          Show All Drivers
        </label>
        {editable && (
          <div className="ws-add" role="group" aria-label="Add Driver">
            <select
              className="pu-input"
              aria-label="Driver to add"
              data-testid="ws-add-choice"
              value={choice}
              onChange={(e) => setChoice(e.target.value)}
            >
              <option value="">Select a driver</option>
              {addable.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.name}
                </option>
              ))}
            </select>
            <Button onClick={addDriver} data-testid="ws-add">
              Add Driver
            </Button>
          </div>
        )}
        <div className="ws-actions">
          <Button onClick={print} data-testid="ws-print">
            Print
          </Button>
          {editable && (
            <>
              <Button onClick={() => setCopyOpen(true)} data-testid="ws-copy-open">
                Copy to week…
              </Button>
              <Button onClick={() => setNotifyOpen(true)} data-testid="ws-notify-open">
                Notify
              </Button>
              <Button
                variant="primary"
                disabled={w.busy || !w.dirty}
                onClick={() => void w.save()}
                data-testid="ws-save"
              >
                Update Schedule
              </Button>
            </>
          )}
        </div>
      </div>
      {addError && (
        <Alert type="error" testId="ws-add-error" onClose={() => setAddError(null)}>
          {addError}
        </Alert>
      )}
      {w.failure && (
        <Alert type="error" testId="ws-failure">
          {w.failure}
        </Alert>
      )}
      {editable && w.affected.length > 0 && (
        <Alert type="warning" testId="ws-changes">
          {D.changesMade}
        </Alert>
      )}
      {w.warnings.length > 0 && (
        <Alert type="warning" testId="ws-warnings">
          <ul className="ws-warn-list">
            {w.warnings.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        </Alert>
      )}
      {(readOnly || (data && !data.canEdit)) && !publicView && (
        <p className="pu-muted ws-note">
          Read-only: staff assign routes and vehicles.{mine.size ? ' Your row is highlighted.' : ''}
        </p>
      )}
      {w.query.error && (
        <Alert type="error" testId="ws-load-error">
          {D.loadFailed(errorText(w.query.error))}
        </Alert>
      )}

      <div className="ws-scroll">
        <table className="ws-grid" aria-busy={w.query.isLoading}>
          <thead>
            <tr>
              <th scope="col" className="ws-sticky">
                Driver
              </th>
              {days.map((d) => (
                <th scope="col" key={d.code} data-testid="weekly-schedule-day">
                  {dayLabel(d.date)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={days.length + 1} className="pu-muted ws-empty" data-testid="ws-empty">
                  {w.query.isLoading
                    ? 'Loading the week…'
                    : editable
                      ? 'No drivers are scheduled for this week yet. Add a driver, or tick Show All Drivers.'
                      : 'No drivers are scheduled for this week yet.'}
                </td>
              </tr>
            ) : (
              rows.map((driver) => (
                <tr
                  key={driver.id}
                  data-testid="weekly-schedule-row"
                  className={mine.has(driver.id) ? 'ws-mine' : undefined}
                >
                  <th scope="row" className="ws-sticky">
                    {driver.name}
                    {mine.has(driver.id) && <span className="ws-you"> (you)</span>}
                  </th>
                  {GRID_DAYS.map((k, i) => (
                    <td key={k} className="ws-cell" data-day={k}>
                      <Cell
                        label={`${driver.name}, ${dayLabel(days[i]!.date)}`}
                        entry={entryOf(w.days, driver.id, k)}
                        routes={data?.routes ?? []}
                        vehicles={data?.vehicles ?? []}
                        readOnly={!editable}
                        driver={driver.id}
                        onChange={(e) => w.edit(driver.id, k, e)}
                      />
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <NotifyModal
        open={notifyOpen}
        drivers={affectedDrivers}
        busy={w.busy}
        onClose={() => setNotifyOpen(false)}
        onSend={(ids) => void w.save(ids).then((ok) => ok && setNotifyOpen(false))}
      />
      <CopyDialog
        open={copyOpen}
        busy={w.busy}
        onClose={() => setCopyOpen(false)}
        onCopy={(to) =>
          void w.copyTo(to).then((week) => {
            if (!week) return;
            setCopyOpen(false);
            setMonday(weekStart(new Date(`${week}T00:00:00Z`)));
          })
        }
      />
      {w.confirmDialog}
    </section>
  );
}

export default WeeklySchedule;

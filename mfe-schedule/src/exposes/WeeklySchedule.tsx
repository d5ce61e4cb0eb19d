import { useState } from 'react';
import { Button } from '@portal/ui';
import { addWeeks, dayLabel, isoDay, weekLabel, weekStart, workDays } from '../week.js';
import './weekly.css';

/** The props other MFEs pass (mfe-fleet's manageDriver "Schedule" tab); typed for them via mfe_schedule/WeeklySchedule. */
export interface WeeklyScheduleProps {
  /** The drivers to show, one row each; empty = every driver (staff), once the schedule's data exists. */
  drivers: { id: string; name: string }[];
  /** Drivers see their week read-only (orders §2: editable when signed in and not a driver). */
  readOnly?: boolean;
  /** Any day of the week to open first (default: this week). */
  initialDate?: Date;
}

/**
 * Federated expose './WeeklySchedule' (orders §2, "Weekly driver schedule"): the week grid, Monday to Friday, a row
 * per driver with the route and vehicle of each day. The grid and week picker are real; the cells stay empty until
 * the routing domain's weekly schedule (GET /api/driverschedule) is built in its own issue.
 */
export function WeeklySchedule({ drivers, readOnly = false, initialDate }: WeeklyScheduleProps) {
  const [monday, setMonday] = useState(() => weekStart(initialDate ?? new Date()));
  const days = workDays(monday);
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
        </div>
      </div>
      {readOnly && (
        <p className="pu-muted ws-note">Your week, read-only: staff assign routes and vehicles.</p>
      )}
      <div className="ws-scroll">
        <table className="ws-grid">
          <thead>
            <tr>
              <th scope="col">Driver</th>
              {days.map((d) => (
                <th scope="col" key={d.code} data-testid="weekly-schedule-day">
                  {dayLabel(d.date)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {drivers.length === 0 ? (
              <tr>
                <td colSpan={days.length + 1} className="pu-muted ws-empty">
                  No drivers are scheduled for this week yet.
                </td>
              </tr>
            ) : (
              drivers.map((driver) => (
                <tr key={driver.id} data-testid="weekly-schedule-row">
                  <th scope="row">{driver.name}</th>
                  {days.map((d) => (
                    <td
                      key={d.code}
                      className="ws-cell"
                      aria-label={`${driver.name}, ${dayLabel(d.date)}: no route`}
                    >
                      <span className="pu-muted">No route</span>
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </section>
  );
}

export default WeeklySchedule;

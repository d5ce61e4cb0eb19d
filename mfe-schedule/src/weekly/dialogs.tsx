import { useEffect, useState } from 'react';
import { Button, Modal, TextField, escapeHtml, printHtml } from '@portal/ui';
import type { WeeklyDriver, WeeklyRoute, WeeklyVehicle } from '@portal/contracts/dispatch';
import { GRID_DAYS, entryOf, type Days } from './grid.js';

/** The notify-users modal: the affected drivers, each with a checkbox (all ticked), and Send. */
export function NotifyModal(props: {
  open: boolean;
  drivers: WeeklyDriver[];
  busy: boolean;
  onClose: () => void;
  onSend: (ids: string[]) => void;
}) {
  const { open, drivers, busy, onClose, onSend } = props;
  const [picked, setPicked] = useState<string[]>([]);
  useEffect(() => setPicked(open ? drivers.map((d) => d.id) : []), [open, drivers]);
  const toggle = (id: string, on: boolean) => setPicked((p) => (on ? [...p, id] : p.filter((x) => x !== id)));
  return (
    <Modal
      open={open}
      title="Notify drivers"
      onClose={onClose}
      testId="ws-notify"
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={busy || picked.length === 0}
            onClick={() => onSend(picked)}
            data-testid="ws-notify-send"
          >
            Send
          </Button>
        </>
      }
    >
      {drivers.length === 0 ? (
        <p className="pu-muted">No driver has changes to be told about.</p>
      ) : (
        <>
          <p>These drivers have changes they have not been told about. Email them:</p>
          <ul className="ws-notify-list">
            {drivers.map((d) => (
              <li key={d.id}>
                <label className="ws-check">
                  <input
                    type="checkbox"
                    checked={picked.includes(d.id)}
                    onChange={(e) => toggle(d.id, e.target.checked)}
                  />
                  {d.name}
                  {d.email ? (
                    <span className="pu-muted"> ({d.email})</span>
                  ) : (
                    <em> (no email: not mailed)</em>
                  )}
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
    </Modal>
  );
}

/** The copy-schedule-to-another-week popover (admins): the target week (any day of it). */
export function CopyDialog(props: {
  open: boolean;
  busy: boolean;
  onClose: () => void;
  onCopy: (to: string) => void;
}) {
  const [to, setTo] = useState('');
  return (
    <Modal
      open={props.open}
      title="Copy this schedule to another week"
      onClose={props.onClose}
      testId="ws-copy"
      footer={
        <>
          <Button onClick={props.onClose}>Cancel</Button>
          <Button
            variant="primary"
            disabled={props.busy || !to}
            onClick={() => props.onCopy(to)}
            data-testid="ws-copy-go"
          >
            Copy
          </Button>
        </>
      }
    >
      <TextField
        label="Any day of the week to copy to"
        type="date"
        value={to}
        onChange={setTo}
        testId="ws-copy-to"
        required
      />
    </Modal>
  );
}

/** Print: the week as a plain table of names (no form controls), in a print frame. */
export function printWeek(
  title: string,
  dayLabels: string[],
  rows: WeeklyDriver[],
  days: Days,
  routes: WeeklyRoute[],
  vehicles: WeeklyVehicle[],
) {
  const name = (list: { id: string; name: string }[], id?: string) =>
    list.find((x) => x.id === id)?.name ?? '';
  const cell = (driver: string, day: string) => {
    const e = entryOf(days, driver, day);
    if (!e) return 'Off';
    const m = e.misc ?? {};
    const extras = [m.backHaul && 'Backhaul', m.training && 'Training', m.cancelled && 'Cancelled', m.notes]
      .filter(Boolean)
      .join(' · ');
    return [name(routes, e.route) || 'No route', name(vehicles, e.vehicle), extras]
      .filter(Boolean)
      .map((t) => escapeHtml(String(t)))
      .join('<br>');
  };
  const html = `<style>table{border-collapse:collapse;font:12px Arial}td,th{border:1px solid #999;padding:4px;vertical-align:top}</style>
<h2>${escapeHtml(title)}</h2><table><tr><th>Driver</th>${dayLabels.map((l) => `<th>${escapeHtml(l)}</th>`).join('')}</tr>
${rows.map((d) => `<tr><th align="left">${escapeHtml(d.name)}</th>${GRID_DAYS.map((k) => `<td>${cell(d.id, k)}</td>`).join('')}</tr>`).join('\n')}</table>`;
  printHtml(html, title);
}

import type { DriverScheduleChangedData, EventEnvelope } from '@portal/contracts';
import { escapeHtml } from '../templates/escape.js';
import { button, htmlFrame } from '../templates/layout.js';
import type { MailOrder } from './mail-for-event.js';

type Change = DriverScheduleChangedData['changes'][number];
type Cell = Change['before'];

const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
const dayOf = (c: Change) => `${DAY_NAMES[c.day - 1] ?? `Day ${c.day}`} ${c.date}`;

/** A day's assignment in words: "Route North, van Sprinter 3", "no route", or "off" (not scheduled). */
export function cellWords(c: Cell): string {
  if (!c) return 'off';
  const route = c.routeName || c.route;
  const vehicle = c.vehicleName || c.vehicle;
  return [route ? `route ${route}` : 'no route', ...(vehicle ? [`vehicle ${vehicle}`] : [])].join(', ');
}

/** One change as a sentence: "Monday 2040-01-02: now route North, vehicle Van 1 (was off)." */
export const changeSentence = (c: Change) =>
  `${dayOf(c)}: now ${cellWords(c.after)} (was ${cellWords(c.before)}).`;

export const scheduleSubject = (week: string) => `Your driver schedule changed (week of ${week})`;

/** The link to the public weekly page of that week (no sign-in needed to read it). */
export const scheduleLink = (appUrl: string, week: string) =>
  `${appUrl.replace(/\/$/, '')}/dashboard/driverschedule?date=${week}`;

/** The mail to one driver: their changes in plain words and as a table, and the link to the week. */
export function scheduleMail(week: string, name: string, changes: Change[], by: string, appUrl: string) {
  const url = scheduleLink(appUrl, week);
  const rows = changes
    .map(
      (c) =>
        `<tr><td style="padding:4px 12px 4px 0">${escapeHtml(dayOf(c))}</td>` +
        `<td style="padding:4px 12px 4px 0">${escapeHtml(cellWords(c.before))}</td>` +
        `<td style="padding:4px 0"><strong>${escapeHtml(cellWords(c.after))}</strong></td></tr>`,
    )
    .join('\n    ');
  const html = htmlFrame(`  <p>Hello ${escapeHtml(name)},</p>
  <p>${escapeHtml(by)} changed your schedule for the week of ${escapeHtml(week)}:</p>
  <ul>${changes.map((c) => `<li>${escapeHtml(changeSentence(c))}</li>`).join('')}</ul>
  <table style="border-collapse:collapse">
    <tr><th align="left">Day</th><th align="left">Was</th><th align="left">Now</th></tr>
    ${rows}
  </table>
  ${button(url, 'Open the week')}`);
  const text = [
    `Hello ${name},`,
    '',
    `${by} changed your schedule for the week of ${week}:`,
    ...changes.map((c) => `- ${changeSentence(c)}`),
    '',
    `The week: ${url}`,
  ].join('\n');
  return { subject: scheduleSubject(week), html, text };
}

/**
 * routing.driverschedule.changed.v1 with `notify` → one mail per affected driver that has an email, with that
 * driver's changes only. A save without notify mails nobody. The job id derives from the event id and driver, so a
 * redelivered event queues no second mail. Pure.
 */
export function driverScheduleMails(
  event: EventEnvelope<DriverScheduleChangedData>,
  appUrl: string,
): MailOrder[] {
  const d = event.data;
  if (!d.notify) return [];
  const byDriver = new Map<string, Change[]>();
  for (const c of d.changes) byDriver.set(c.driverId, [...(byDriver.get(c.driverId) ?? []), c]);
  const orders: MailOrder[] = [];
  for (const [driverId, changes] of byDriver) {
    const to = changes
      .find((c) => c.email)
      ?.email?.trim()
      .toLowerCase();
    if (!to) continue;
    const mail = scheduleMail(d.week, changes[0]!.driverName, changes, d.by.name, appUrl);
    orders.push({
      name: 'raw',
      jobId: `driver-schedule-${event.id}-${driverId}`.replace(/:/g, '_'),
      job: { kind: 'raw', to, ...mail },
    });
  }
  return orders;
}

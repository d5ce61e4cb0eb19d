import type { EventEnvelope, VehicleServiceDueData } from '@portal/contracts';
import { escapeHtml } from '../templates/escape.js';
import { button, htmlFrame } from '../templates/layout.js';
import type { MailOrder } from './mail-for-event.js';

/** The subject of a service-due alert (the spec words none): the vehicle, then what is due. */
export const serviceDueSubject = (d: Pick<VehicleServiceDueData, 'name' | 'label'>) =>
  `Service due: ${d.name} — ${d.label}`;

/** The alert's body: the vehicle, what is due and a link to the fleet manager filtered on due vehicles. */
export function serviceDueHtml(d: VehicleServiceDueData, appUrl: string): string {
  const url = `${appUrl.replace(/\/$/, '')}/dashboard/fleetmanager?due=true`;
  const row = (k: string, v: string) =>
    `<tr><td style="padding:2px 12px 2px 0"><strong>${k}</strong></td><td>${escapeHtml(v)}</td></tr>`;
  return htmlFrame(`  <p>Hello,</p>
  <p>A vehicle needs attention: <strong>${escapeHtml(d.label)}</strong>.</p>
  <table style="border-collapse:collapse">
    ${row('Vehicle', d.name)}
    ${row('License plate', d.lic || '(none)')}
    ${row('Mileage', `${d.mileage.toLocaleString('en-US')} mi`)}
  </table>
  ${button(url, 'Open the fleet manager')}`);
}

/**
 * fleet.vehicle.service-due.v1 → one mail per staff recipient. The job id names the crossing (vehicle and key),
 * not the event: fleet announces a crossing once, and should a second event for the same crossing ever come
 * (a replay, a race), BullMQ refuses the duplicate job, so the admins get one mail. Pure.
 */
export function serviceDueMails(event: EventEnvelope<VehicleServiceDueData>, appUrl: string): MailOrder[] {
  const d = event.data;
  const recipients = [...new Set(d.recipients.map((r) => r.trim().toLowerCase()).filter(Boolean))];
  const subject = serviceDueSubject(d);
  const html = serviceDueHtml(d, appUrl);
  return recipients.map((to) => ({
    name: 'raw',
    // BullMQ job ids may not contain ':'; keys are `kind@baseline`
    jobId: `service-due-${d.vehicleId}-${d.key}-${to}`.replace(/:/g, '_'),
    job: { kind: 'raw', to, subject, html },
  }));
}

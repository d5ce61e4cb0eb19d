import type { NewEvent, OutboxMethods } from '@portal/service-kit';
import {
  Subjects,
  serviceDue,
  type DriverLinkData,
  type ServiceDue,
  type VehicleData,
} from '@portal/contracts';

/**
 * What fleet publishes (stream FLEET) through its outbox on the Driver and Vehicle documents: one builder per
 * event, each payload typed by the contracts' EventCatalogue for its subject.
 */
export function queue(doc: object, ev: NewEvent): void {
  (doc as OutboxMethods).addEvent(ev.subject, ev.data as never);
}

type Action = 'created' | 'updated' | 'deleted';

export const driverChanged = (
  action: Action,
  d: { _id: unknown; name: string; email?: string | null; userId?: string | null },
): NewEvent => ({
  subject: Subjects.driverChanged,
  data: {
    action,
    driver: {
      id: String(d._id),
      name: d.name,
      email: d.email ?? '',
      ...(d.userId ? { userId: d.userId } : {}),
    },
  },
});

export const vehicleChanged = (
  action: Action,
  v: {
    _id: unknown;
    name: string;
    lic?: string | null;
    status?: number | null;
    mileage?: number | null;
    data?: VehicleData | null;
  },
): NewEvent => ({
  subject: Subjects.vehicleChanged,
  data: {
    action,
    vehicle: {
      id: String(v._id),
      name: v.name,
      lic: v.lic ?? '',
      status: v.status === 0 ? 0 : 1,
      // what is due now (the weekly schedule warns when such a vehicle is assigned)
      ...(v.data
        ? {
            due: serviceDue({ mileage: Number(v.mileage ?? 0), data: v.data }, new Date()).map((d) => d.kind),
          }
        : {}),
    },
  },
});

export const driverLinked = (data: Omit<DriverLinkData, 'reason'>): NewEvent => ({
  subject: Subjects.driverLinked,
  data,
});
export const driverUnlinked = (data: Required<DriverLinkData>): NewEvent => ({
  subject: Subjects.driverUnlinked,
  data,
});

export function serviceDueEvent(
  v: { _id: unknown; name: string; lic?: string | null },
  mileage: number,
  due: ServiceDue,
  key: string,
  recipients: string[],
): NewEvent {
  return {
    subject: Subjects.vehicleServiceDue,
    data: {
      vehicleId: String(v._id),
      name: v.name,
      lic: v.lic ?? '',
      kind: due.kind,
      label: due.label,
      mileage,
      ...(due.milesSince !== undefined ? { milesSince: due.milesSince } : {}),
      ...(due.expiresOn !== undefined ? { expiresOn: due.expiresOn, daysLeft: due.daysLeft } : {}),
      key,
      recipients,
    },
  };
}

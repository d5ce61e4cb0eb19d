// Fake schedule answers for the schedule screen's component tests and the render bench's shape (ScheduleDay of
// @portal/contracts dispatch.ts). `order()` builds one ScheduleOrder; `bigDay()` a day of n orders on r routes.
import type { ScheduleDay, ScheduleOrder, ScheduleRoute, ScheduleSection } from '@portal/contracts/dispatch';

const address = (name: string, city: string) => ({ name, street: '1 Main St', city, zip: '95501' });

export function order(id: string, over: Partial<ScheduleOrder> = {}): ScheduleOrder {
  return {
    id,
    orderId: `O-${id}`,
    version: 1,
    status: 1,
    orderType: 'layover',
    orderDef: 'ext',
    pickupType: 'standard',
    pickupLN: 'C11-0000001-LIC',
    destinationLN: 'C11-0000002-LIC',
    vendorName: `Vendor ${id}`,
    destName: `Shop ${id}`,
    pickupAddress: address(`Vendor ${id}`, 'Eureka'),
    destAddress: address(`Shop ${id}`, 'Arcata'),
    route: 'r1',
    pickupRoute: 'r1',
    pickupDriver: 'd1',
    pickupDriverName: 'Dana Driver',
    deliveryDriver: 'd2',
    deliveryDriverName: 'Lee Wheels',
    pickupDriverChanged: false,
    weight: '3',
    notes: '',
    billingNotes: '',
    checkedin: false,
    checkedout: false,
    hasManifest: false,
    manifestSigned: false,
    ...over,
  };
}

const noSections = (): Record<ScheduleSection, ScheduleOrder[]> => ({
  sameDay: [],
  warehouse: [],
  layover: [],
  cashReturn: [],
  deliveries: [],
});

export function route(
  id: string,
  name: string,
  sections: Partial<Record<ScheduleSection, ScheduleOrder[]>>,
): ScheduleRoute {
  const s = { ...noSections(), ...sections };
  return {
    route: { id, name, startTime: '08:00' },
    counts: {
      sameDayPickups: s.sameDay.length,
      pickups: s.warehouse.length + s.layover.length + s.cashReturn.length,
      deliveries: s.deliveries.length,
    },
    sections: s,
  };
}

export function bigDay(day: string, orders = 2000, routes = 60): ScheduleDay {
  const per = Math.ceil(orders / routes);
  const keys: ScheduleSection[] = ['sameDay', 'warehouse', 'layover', 'cashReturn', 'deliveries'];
  const out: ScheduleRoute[] = [];
  let n = 0;
  for (let r = 0; r < routes; r++) {
    const sections = noSections();
    for (let i = 0; i < per && n < orders; i++, n++)
      sections[keys[i % keys.length]!].push(
        order(`b${n}`, { route: `r${r}`, status: i % 8 === 7 ? 7 : i % 4 }),
      );
    out.push(route(`r${r}`, `Route ${String(r).padStart(2, '0')}`, sections));
  }
  return { day, routes: out, warehouse: [], dropoffs: [], cursor: 1 };
}

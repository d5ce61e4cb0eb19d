import { memo, useRef } from 'react';
import { SCHEDULE_SECTIONS, type ScheduleRoute } from '@portal/contracts';
import { Button, navigateTo, printElement } from '@portal/ui';
import { SECTION_KEYS, routeOrders } from './model.js';
import { OrderTable } from './OrderRow.js';

export interface RouteView {
  day: string;
  role: number;
  staff: boolean;
  admin: boolean;
  extra: boolean;
  maps: boolean;
  busy: boolean;
  onInTransit(r: ScheduleRoute): void;
  onPrintManifests(r: ScheduleRoute): void;
  onMap(r: ScheduleRoute): void;
  signing?: (r: ScheduleRoute) => void;
}

/** Create-page presets (mfe-orders' admin order page reads none of them yet: documented in the README section). */
export const newOrderPath = (routeId: string, day: string, orderType?: string) =>
  `/dashboard/adminEditOrder?${new URLSearchParams({ route: routeId, date: day, ...(orderType ? { orderType } : {}) })}`;

/** One route of the day: the header (name, start, counts, actions) and its sections. */
export const RouteBlock = memo(function RouteBlock({ r, view }: { r: ScheduleRoute; view: RouteView }) {
  const el = useRef<HTMLElement>(null);
  const id = r.route.id;
  const orders = routeOrders(r);
  const row = { role: view.role, staff: view.staff, extra: view.extra };
  return (
    <section className="sch-route" ref={el} data-testid={`route-${id}`} aria-labelledby={`route-h-${id}`}>
      <header className="sch-route-head">
        <h3 id={`route-h-${id}`}>
          {r.route.name} <span className="sch-start">{r.route.startTime}</span>
        </h3>
        <span className="sch-counts" data-testid={`counts-${id}`}>
          Same day pickups: {r.counts.sameDayPickups} · Pickups: {r.counts.pickups} · Deliveries:{' '}
          {r.counts.deliveries}
        </span>
        <span className="sch-actions sch-noprint">
          <Button
            size="sm"
            onClick={() => el.current && printElement(el.current, `${r.route.name} ${view.day}`)}
          >
            Print
          </Button>
          <Button
            size="sm"
            disabled={view.busy}
            onClick={() => view.onPrintManifests(r)}
            data-testid={`route-manifests-${id}`}
          >
            Print Manifests
          </Button>
          {view.maps && (
            <Button size="sm" onClick={() => view.onMap(r)} data-testid={`route-map-${id}`}>
              Map
            </Button>
          )}
          {view.signing && (
            <Button size="sm" onClick={() => view.signing!(r)} data-testid={`route-sign-${id}`}>
              Sign Manifests
            </Button>
          )}
          <Button
            size="sm"
            variant="primary"
            disabled={view.busy || !orders.length}
            onClick={() => view.onInTransit(r)}
            data-testid={`route-transit-${id}`}
          >
            Set to In Transit
          </Button>
          {view.admin && (
            <>
              <Button
                size="sm"
                onClick={() => navigateTo(newOrderPath(id, view.day))}
                data-testid={`route-new-${id}`}
              >
                New order from this route
              </Button>
              <Button
                size="sm"
                onClick={() => navigateTo(newOrderPath(id, view.day, 'cash_return'))}
                data-testid={`route-cash-${id}`}
              >
                Cash Return
              </Button>
            </>
          )}
        </span>
      </header>
      {SECTION_KEYS.map((k) => (
        <OrderTable
          key={k}
          title={SCHEDULE_SECTIONS[k]}
          orders={r.sections[k]}
          testId={`section-${id}-${k}`}
          {...row}
        />
      ))}
      {!orders.length && <p className="sch-none">No orders on this route.</p>}
    </section>
  );
});

import { memo, useEffect, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { SCHEDULE_SECTIONS, type ScheduleRoute } from '@portal/contracts/dispatch';
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
  /** Every route's rows rendered (the page is being printed). */
  all: boolean;
  onInTransit(r: ScheduleRoute): void;
  onPrintManifests(r: ScheduleRoute): void;
  onMap(r: ScheduleRoute): void;
  signing?: (r: ScheduleRoute) => void;
}

/** Create-page presets (mfe-orders' admin order page reads none of them yet: documented in the README section). */
export const newOrderPath = (routeId: string, day: string, orderType?: string) =>
  `/dashboard/adminEditOrder?${new URLSearchParams({ route: routeId, date: day, ...(orderType ? { orderType } : {}) })}`;

/** Row height used for the space a route's rows will take before they are rendered. */
const ROW_PX = 34;
const SECTION_PX = 60;

/**
 * A route's rows are rendered once the route comes within ~1.5 screens of the viewport (then they stay): a day of
 * 2,000 orders shows its 60 route headers at once and renders rows as the dispatcher scrolls (the render bench,
 * schedule.render.2000). Until then a placeholder of about their height keeps the scrollbar honest.
 */
function useNear(el: React.RefObject<HTMLElement | null>) {
  const [near, setNear] = useState(false);
  useEffect(() => {
    if (near || !el.current) return;
    const io = new IntersectionObserver((es) => es.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: '1500px 0px',
    });
    io.observe(el.current);
    return () => io.disconnect();
  }, [near, el]);
  return [near, setNear] as const;
}

/** One route of the day: the header (name, start, counts, actions) and its sections. */
export const RouteBlock = memo(function RouteBlock({ r, view }: { r: ScheduleRoute; view: RouteView }) {
  const el = useRef<HTMLElement>(null);
  const [near, setNear] = useNear(el);
  const id = r.route.id;
  const orders = routeOrders(r);
  const row = { role: view.role, staff: view.staff, extra: view.extra };
  const shown = near || view.all;
  const print = () => {
    flushSync(() => setNear(true));
    if (!el.current) return;
    // the copy printed is HTML: typed values must be attributes to appear on it
    el.current.querySelectorAll('input').forEach((i) => i.setAttribute('value', i.value));
    printElement(el.current, `${r.route.name} ${view.day}`);
  };
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
          <Button size="sm" onClick={print} data-testid={`route-print-${id}`}>
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
          {view.admin && id !== '' && (
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
      {shown ? (
        SECTION_KEYS.map((k) => (
          <OrderTable
            key={k}
            title={SCHEDULE_SECTIONS[k]}
            orders={r.sections[k]}
            testId={`section-${id}-${k}`}
            {...row}
          />
        ))
      ) : (
        <div
          className="sch-pending"
          data-testid={`route-pending-${id}`}
          style={{
            height:
              orders.length * ROW_PX + SECTION_KEYS.filter((k) => r.sections[k].length).length * SECTION_PX,
          }}
        />
      )}
      {!orders.length && <p className="sch-none">No orders on this route.</p>}
    </section>
  );
});

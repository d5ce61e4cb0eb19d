import { useQuery } from '@tanstack/react-query';
import {
  isNmLicence,
  PICKUP_TYPES,
  routeDaysText,
  zip5,
  type DriverListAnswer,
  type Route,
  type RoutesAnswer,
} from '@portal/contracts';
import { Checkbox, Select, TextField, usePortal } from '@portal/ui';
import type { Draft } from './draft.js';
import type { FormState } from './useOrderForm.js';

const PICKUP_TYPE_OPTIONS = Object.entries(PICKUP_TYPES).map(([value, label]) => ({ value, label }));
const today = () => new Date().toISOString().slice(0, 10);
const plusOneDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** Drivers and routes for the staff's assignment selects (fleet GET /drivers, routing GET /routes). */
function useAssignables(enabled: boolean) {
  const { api } = usePortal();
  const drivers = useQuery({
    queryKey: ['orders', 'drivers'],
    queryFn: () => api.get<DriverListAnswer>('/api/drivers').then((r) => r.data.drivers),
    enabled,
    staleTime: 5 * 60_000,
  });
  const routes = useQuery({
    queryKey: ['orders', 'routes'],
    queryFn: () => api.get<RoutesAnswer>('/api/routes').then((r) => r.data.routes),
    enabled,
    staleTime: 5 * 60_000,
  });
  return {
    drivers: (drivers.data ?? []).map((x) => ({ value: x.id, label: x.name })),
    routes: routes.data ?? [],
  };
}

/**
 * A route select's choices: the routes with a row for the zip, or every route when `all` (the all-available mode);
 * `first` names (the licence's pickup routes) lead, and the chosen one always stays listed.
 */
function routeOptions(routes: Route[], zip: string, all: boolean, chosen: string, first: string[] = []) {
  const z = zip5(zip);
  const serving = routes
    .filter((r) => all || r.data.rows.some((row) => row.zipCode === z))
    .map((r) => r.name);
  const names = [...new Set([chosen, ...first.filter((n) => serving.includes(n)), ...serving])].filter(
    Boolean,
  );
  return names.map((n) => ({ value: n, label: n }));
}

/**
 * Preferred dates (everyone), the route days allowed for the destination zip, and for staff the approved dates,
 * pickup type, routes and drivers (orders §6: "edit routes/drivers/dates/pickup type" is 0, 1).
 */
export function DateFields({ form, onBlur }: { form: FormState; onBlur: (k: keyof Draft) => void }) {
  const { draft: d, set, shown, staff, driver, allowedDays, routesLoading, base } = form;
  const { drivers, routes } = useAssignables(staff);
  const date = (k: keyof Draft, label: string, required = false) => (
    <TextField
      label={label}
      type="date"
      required={required}
      value={String(d[k])}
      min={staff ? undefined : today()}
      onChange={(v) => set(k, v as never)}
      onBlur={() => onBlur(k)}
      error={shown[k]}
      disabled={driver}
      testId={`order-${k}`}
    />
  );
  return (
    <fieldset className="ord-section" aria-label="Dates and routing">
      <legend>Dates</legend>
      <div className="ord-grid">
        {date('preferredPickup', 'Preferred Pickup Date', !!form.requirePickup)}
        {date('preferredDelivery', 'Preferred Delivery Date', true)}
      </div>
      {(staff || (!base && isNmLicence(d.destinationLN)) || d.showAllRoutes) && (
        <Checkbox
          label="All routes available (any delivery day; the order cannot be cancelled)"
          checked={d.showAllRoutes}
          onChange={(v) => set('showAllRoutes', v)}
          // a vendor asks for it when placing an order to an NM- licence; afterwards it is staff's
          disabled={!staff && (!!base || driver)}
          error={shown.showAllRoutes}
          testId="order-showAllRoutes"
        />
      )}
      <p className="ord-days" data-testid="order-allowed-days" aria-live="polite">
        {d.showAllRoutes
          ? 'All routes are available: any delivery day from today.'
          : !d.destZip.trim()
            ? 'The delivery days show once the destination has a zip.'
            : routesLoading
              ? 'Looking up the delivery days…'
              : allowedDays?.length
                ? `Delivery days for ${d.destZip.trim()}: ${routeDaysText(allowedDays)}`
                : allowedDays
                  ? `No route delivers to ${d.destZip.trim()} in the next four weeks.`
                  : ''}
      </p>
      {!d.showAllRoutes && form.overnightDays.length > 0 && (
        <p className="ord-days" data-testid="order-overnight-note">
          {form.overnightDays.includes(d.preferredDelivery)
            ? `Overnight route: the goods arrive the day after, ${plusOneDay(d.preferredDelivery)}.`
            : `${routeDaysText(form.overnightDays)}: an overnight route, the goods arrive the day after.`}
        </p>
      )}
      {staff && (
        <div className="ord-grid">
          {date('pickupDate', 'Approved Pickup Date')}
          {date('deliveryDate', 'Approved Delivery Date')}
          <Select
            label="Pickup Type"
            value={d.pickupType}
            onChange={(v) => set('pickupType', v as Draft['pickupType'])}
            options={PICKUP_TYPE_OPTIONS}
            placeholder="—"
            testId="order-pickupType"
          />
          <Select
            label="Pickup Route"
            value={d.pickupRoute}
            onChange={(v) => set('pickupRoute', v)}
            // every route: a pickup may ride any route that passes the vendor (the licence's own listed first)
            options={routeOptions(
              routes,
              '',
              true,
              d.pickupRoute,
              form.pickupEntries.map((e) => e.route),
            )}
            placeholder="—"
            testId="order-pickupRoute"
          />
          <Select
            label="Delivery Route"
            value={d.route}
            onChange={(v) => set('route', v)}
            options={routeOptions(routes, d.destZip, d.showAllRoutes, d.route)}
            placeholder="—"
            testId="order-route"
          />
          <Select
            label="Pickup Driver"
            value={d.driverPickup}
            onChange={(v) => set('driverPickup', v)}
            options={drivers}
            placeholder="—"
            testId="order-driverPickup"
          />
          <Select
            label="Delivery Driver"
            value={d.driverDelivery}
            onChange={(v) => set('driverDelivery', v)}
            options={drivers}
            placeholder="—"
            testId="order-driverDelivery"
          />
        </div>
      )}
    </fieldset>
  );
}

import type { DriverScheduleEntry, WeeklyRoute, WeeklyVehicle } from '@portal/contracts/dispatch';

/** Why a vehicle needs a second look when assigned: inactive in fleet, or a service is due. */
export function vehicleWarning(v: WeeklyVehicle | undefined): string | null {
  if (!v) return null;
  if (v.status === 0) return `${v.name} is inactive`;
  if (v.due.length) return `${v.name} is due for service: ${v.due.join(', ')}`;
  return null;
}

interface CellProps {
  label: string;
  entry: DriverScheduleEntry | undefined;
  routes: WeeklyRoute[];
  vehicles: WeeklyVehicle[];
  readOnly: boolean;
  onChange: (entry: DriverScheduleEntry | null) => void;
  driver: string;
}

const EXTRAS = [
  ['backHaul', 'Backhaul'],
  ['training', 'Training'],
  ['cancelled', 'Cancelled'],
] as const;

/**
 * One driver's day: a route choice, a vehicle choice and the extras (backhaul, training, cancelled, notes) behind
 * a disclosure. Read-only it shows the same as text. Choosing "Off" for both takes the driver off that day.
 */
export function Cell({ label, entry, routes, vehicles, readOnly, onChange, driver }: CellProps) {
  const route = routes.find((r) => r.id === entry?.route);
  const vehicle = vehicles.find((v) => v.id === entry?.vehicle);
  const warning = vehicleWarning(vehicle);
  const misc = entry?.misc ?? {};
  const flags = EXTRAS.filter(([k]) => misc[k]).map(([, l]) => l);
  const update = (patch: Partial<DriverScheduleEntry>) => {
    const next: DriverScheduleEntry = { driver, route: '', vehicle: '', misc: {}, ...entry, ...patch };
    const empty = !next.route && !next.vehicle && !Object.values(next.misc ?? {}).some(Boolean);
    onChange(empty ? null : next);
  };
  if (readOnly)
    return (
      <div className="ws-ro" aria-label={label}>
        {entry ? (
          <>
            <strong className={misc.cancelled ? 'ws-cancelled' : undefined}>
              {route?.name ?? 'No route'}
            </strong>
            {vehicle && <span>{vehicle.name}</span>}
            {flags.length > 0 && <span className="ws-flags">{flags.join(' · ')}</span>}
            {misc.notes && <span className="ws-notes">{misc.notes}</span>}
          </>
        ) : (
          <span className="pu-muted">Off</span>
        )}
        {warning && <span className="ws-warn">⚠ {warning}</span>}
      </div>
    );
  return (
    <div className="ws-edit">
      <select
        className="pu-input"
        aria-label={`Route, ${label}`}
        data-testid="ws-route"
        value={entry?.route ?? ''}
        onChange={(e) => update({ route: e.target.value })}
      >
        <option value="">{entry ? 'No route' : 'Off'}</option>
        {routes.map((r) => (
          <option key={r.id} value={r.id}>
            {r.name}
            {r.startTime ? ` (${r.startTime})` : ''}
          </option>
        ))}
      </select>
      <select
        className="pu-input"
        aria-label={`Vehicle, ${label}`}
        data-testid="ws-vehicle"
        value={entry?.vehicle ?? ''}
        onChange={(e) => update({ vehicle: e.target.value })}
      >
        <option value="">No vehicle</option>
        {vehicles
          .filter((v) => !v.deleted || v.id === entry?.vehicle)
          .map((v) => (
            <option key={v.id} value={v.id}>
              {v.name}
              {vehicleWarning(v) ? ' ⚠' : ''}
            </option>
          ))}
      </select>
      {warning && (
        <span className="ws-warn" role="status" data-testid="ws-vehicle-warning">
          ⚠ {warning}
        </span>
      )}
      <details className="ws-extras">
        <summary>
          Extras
          {flags.length || misc.notes
            ? ` (${[...flags, misc.notes ? 'notes' : ''].filter(Boolean).join(', ')})`
            : ''}
        </summary>
        {EXTRAS.map(([k, l]) => (
          <label key={k} className="ws-check">
            <input
              type="checkbox"
              checked={!!misc[k]}
              onChange={(e) => update({ misc: { ...misc, [k]: e.target.checked } })}
            />
            {l}
          </label>
        ))}
        <input
          className="pu-input"
          aria-label={`Notes, ${label}`}
          placeholder="Notes"
          maxLength={500}
          value={misc.notes ?? ''}
          onChange={(e) => update({ misc: { ...misc, notes: e.target.value } })}
        />
      </details>
    </div>
  );
}

import type { UseQueryResult } from '@tanstack/react-query';
import { errorText } from '@portal/ui';
import { MAINTENANCE_TYPES, type MaintenanceListAnswer, type MaintenanceRecord } from '@portal/contracts';

const typeLabel = (m: MaintenanceRecord) =>
  m.type === 'change_other' && m.other ? `Other: ${m.other}` : MAINTENANCE_TYPES[m.type];
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });

/** A vehicle's maintenance history, newest first (a plain table: a few rows, read inside the dialog). */
export function MaintenanceHistory({ query }: { query: UseQueryResult<MaintenanceListAnswer['data']> }) {
  return (
    <section className="fl-history" aria-label="Maintenance history" data-testid="maintenance-history">
      <h3>History</h3>
      {query.isPending ? (
        <p className="fl-muted" aria-busy="true">
          Loading…
        </p>
      ) : query.isError ? (
        <p className="fl-muted">The history could not be loaded: {errorText(query.error)}</p>
      ) : query.data.maintenance.length === 0 ? (
        <p className="fl-muted" data-testid="maintenance-history-empty">
          No maintenance logged for this vehicle yet.
        </p>
      ) : (
        <table className="fl-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">Type</th>
              <th scope="col">Mileage</th>
              <th scope="col">Cost</th>
            </tr>
          </thead>
          <tbody>
            {query.data.maintenance.map((m) => (
              <tr key={m.id} data-testid="maintenance-row">
                <td>{m.date.slice(0, 10)}</td>
                <td>{typeLabel(m)}</td>
                <td>{m.mileage.toLocaleString('en-US')}</td>
                <td>{usd.format(m.cost)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

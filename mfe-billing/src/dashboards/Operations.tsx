import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DashboardWords, lastDays } from '@portal/contracts/billing';
import { Alert, Button, Link, PageTitle, errorText, usePortal } from '@portal/ui';
import { SERVICE_DUE_KEY, getOperations, getServiceDue, operationsKey, type Range } from './api.js';
import { Bars } from './Bars.js';
import { ChartCard, Figure, percent } from './ChartCard.js';
import { RangePicker } from './RangePicker.js';
import './dashboards.css';

/**
 * The operations dashboard (staff): deliveries per day, the on-time rate (delivered on the approved date),
 * rejections by reason and this week's orders by status from billing's projection; service-due vehicles from fleet's
 * own API. Every chart has its table.
 */
export function Operations() {
  const { api } = usePortal();
  const [range, setRange] = useState<Range>(() => lastDays());
  const ops = useQuery({ queryKey: operationsKey(range), queryFn: () => getOperations(api, range) });

  return (
    <div data-testid="operations-page" className="db-page">
      <PageTitle>Operations</PageTitle>
      <RangePicker value={range} onChange={setRange} />
      {ops.isPending ? (
        <div
          className="pu-page-loading"
          aria-busy="true"
          aria-label="Loading the dashboard"
          data-testid="db-loading"
        />
      ) : ops.isError ? (
        <Alert type="error" testId="db-error">
          The dashboard could not be loaded: {errorText(ops.error)}{' '}
          <Button variant="link" onClick={() => void ops.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : (
        <>
          <div className="db-figures">
            <Figure label="Deliveries" value={ops.data.totals.delivered} testId="db-deliveries" />
            <Figure
              label="On-time rate"
              value={percent(ops.data.onTime.rate)}
              note={`${ops.data.onTime.onTime} of ${ops.data.onTime.measured} on the approved date`}
              testId="db-ontime"
            />
            <Figure label="Rejections" value={ops.data.totals.rejections} testId="db-rejections" />
            <Figure label="Orders" value={ops.data.totals.orders} testId="db-orders" />
          </div>
          {ops.data.onTime.delivered > ops.data.onTime.measured && (
            <p className="db-note">{DashboardWords.noApprovedDate}</p>
          )}
          <div className="db-grid">
            <ChartCard
              title="Deliveries per day"
              testId="db-per-day"
              wide
              empty={ops.data.totals.delivered === 0 && DashboardWords.noDeliveries}
              table={{
                columns: ['Day', 'Delivered'],
                rows: ops.data.deliveriesPerDay.map((d) => [d.day, d.delivered]),
              }}
            >
              <Bars data={ops.data.deliveriesPerDay} x="day" y="delivered" name="Delivered" />
            </ChartCard>
            <ChartCard
              title="Rejections by reason"
              testId="db-reasons"
              empty={ops.data.rejectionsByReason.length === 0 && DashboardWords.noRejections}
              table={{
                columns: ['Reason', 'Orders'],
                rows: ops.data.rejectionsByReason.map((r) => [r.label, r.count]),
              }}
            >
              <Bars data={ops.data.rejectionsByReason} x="label" y="count" name="Orders" horizontal />
            </ChartCard>
            <ChartCard
              title={`Orders by status this week (from ${ops.data.week})`}
              testId="db-week"
              empty={
                ops.data.ordersByStatusThisWeek.every((s) => s.count === 0) && DashboardWords.noOrdersThisWeek
              }
              table={{
                columns: ['Status', 'Orders'],
                rows: ops.data.ordersByStatusThisWeek.map((s) => [s.label, s.count]),
              }}
            >
              <Bars
                data={ops.data.ordersByStatusThisWeek}
                x="label"
                y="count"
                name="Orders"
                horizontal
                height={300}
              />
            </ChartCard>
          </div>
        </>
      )}
      <ServiceDue />
    </div>
  );
}

/** Vehicles due for service, read from fleet (its own API and page). */
function ServiceDue() {
  const { api } = usePortal();
  const due = useQuery({ queryKey: SERVICE_DUE_KEY, queryFn: () => getServiceDue(api) });
  return (
    <section className="pu-card db-chart db-wide" aria-labelledby="db-due-h" data-testid="db-service-due">
      <div className="db-chart-head">
        <h2 id="db-due-h">Vehicles due for service</h2>
        <Link to="/dashboard/fleetmanager">Open the fleet manager</Link>
      </div>
      {due.isPending ? (
        <div aria-busy="true" className="db-empty">
          Loading…
        </div>
      ) : due.isError ? (
        <Alert type="error" testId="db-due-error">
          Fleet could not be reached: {errorText(due.error)}
        </Alert>
      ) : due.data.length === 0 ? (
        <p className="db-empty">{DashboardWords.noServiceDue}</p>
      ) : (
        <table className="db-table">
          <thead>
            <tr>
              <th scope="col">Vehicle</th>
              <th scope="col">Plate</th>
              <th scope="col">Due</th>
            </tr>
          </thead>
          <tbody>
            {due.data.map((v) => (
              <tr key={v.id}>
                <th scope="row">{v.name}</th>
                <td>{v.lic}</td>
                <td>{v.due.map((d) => d.label).join('; ')}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

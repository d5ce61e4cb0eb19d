import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DashboardWords, lastDays, type VendorExportFormat } from '@portal/contracts/billing';
import { Alert, Button, EmptyState, PageTitle, errorText, usePortal } from '@portal/ui';
import { downloadInvoice as downloadFile } from '../recon/api.js';
import { getVendor, vendorExportPath, vendorKey, type Range } from './api.js';
import { Bars } from './Bars.js';
import { ChartCard, Figure, percent } from './ChartCard.js';
import { RangePicker } from './RangePicker.js';
import './dashboards.css';

/**
 * A company's own dashboard ("My Reports", roles 3 and 4): the orders it sends by status, its on-time rate and
 * deliveries per week. The service answers the caller's company only.
 */
export function VendorDashboard() {
  const { api, session } = usePortal();
  const [range, setRange] = useState<Range>(() => lastDays());
  const [exportError, setExportError] = useState<string | null>(null);
  const mine = useQuery({ queryKey: vendorKey(range), queryFn: () => getVendor(api, range) });
  const d = mine.data;
  const exportAs = async (format: VendorExportFormat) => {
    setExportError(null);
    try {
      await downloadFile(
        session,
        vendorExportPath(range, format),
        `my-orders-${range.from}-${range.to}.${format}`,
      );
    } catch (e) {
      setExportError(DashboardWords.exportFailed(errorText(e)));
    }
  };

  return (
    <div data-testid="vendor-dashboard" className="db-page">
      <PageTitle>My Reports</PageTitle>
      <RangePicker value={range} onChange={setRange} />
      {d && d.totals.orders > 0 && (
        <div className="db-export" role="group" aria-label="Export my orders">
          <Button onClick={() => void exportAs('csv')} data-testid="db-export-csv">
            Export CSV
          </Button>
          <Button onClick={() => void exportAs('xlsx')} data-testid="db-export-xlsx">
            Export xlsx
          </Button>
        </div>
      )}
      {exportError && (
        <Alert type="error" testId="db-export-error">
          {exportError}
        </Alert>
      )}
      {mine.isPending ? (
        <div
          className="pu-page-loading"
          aria-busy="true"
          aria-label="Loading your figures"
          data-testid="db-loading"
        />
      ) : mine.isError ? (
        <Alert type="error" testId="db-error">
          Your figures could not be loaded: {errorText(mine.error)}{' '}
          <Button variant="link" onClick={() => void mine.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : !d || d.totals.orders === 0 ? (
        <EmptyState title={DashboardWords.noOrders} testId="db-vendor-empty">
          {d?.licences === 0
            ? 'Your account is not linked to a company licence yet.'
            : 'Orders your company sends with a delivery day in this period show here. Try a longer range.'}
        </EmptyState>
      ) : (
        <>
          <div className="db-figures">
            <Figure label="Orders" value={d.totals.orders} testId="db-orders" />
            <Figure label="Delivered" value={d.totals.delivered} testId="db-deliveries" />
            <Figure
              label="On-time rate"
              value={percent(d.onTime.rate)}
              note={`${d.onTime.onTime} of ${d.onTime.measured} on the approved date`}
              testId="db-ontime"
            />
          </div>
          <div className="db-grid">
            <ChartCard
              title="My orders by status"
              testId="db-status"
              table={{ columns: ['Status', 'Orders'], rows: d.ordersByStatus.map((s) => [s.label, s.count]) }}
            >
              <Bars data={d.ordersByStatus} x="label" y="count" name="Orders" horizontal height={300} />
            </ChartCard>
            <ChartCard
              title="Deliveries per week"
              testId="db-per-week"
              empty={d.totals.delivered === 0 && DashboardWords.noDeliveries}
              table={{
                columns: ['Week of', 'Delivered'],
                rows: d.deliveriesPerWeek.map((w) => [w.week, w.delivered]),
              }}
            >
              <Bars data={d.deliveriesPerWeek} x="week" y="delivered" name="Delivered" />
            </ChartCard>
          </div>
        </>
      )}
    </div>
  );
}

import type { ColDef } from 'ag-grid-community';
import { ORDER_STATUS_NAMES, type OrderStatusNumber } from '@portal/contracts';
import { BILLING, ReconWords, formatCents, type ReconRow, type ReconTotals } from '@portal/contracts/billing';
import { DataTable, NumberCell } from '@portal/ui';

const columns: ColDef<ReconRow>[] = [
  { field: 'orderId', headerName: 'Order', minWidth: 110 },
  { field: 'deliveryDay', headerName: 'Delivery day', minWidth: 120 },
  {
    field: 'amountCents',
    headerName: 'Amount',
    minWidth: 110,
    cellRenderer: NumberCell,
    valueFormatter: (p) => formatCents(Number(p.value ?? 0)),
  },
  { field: 'method', headerName: 'Method', minWidth: 110 },
  { field: 'invoice', headerName: 'Invoice', minWidth: 100 },
  {
    field: 'status',
    headerName: 'Status',
    minWidth: 130,
    valueFormatter: (p) =>
      `${ORDER_STATUS_NAMES[p.value as OrderStatusNumber] ?? p.value}${p.data?.counted ? '' : ' (not counted)'}`,
  },
  {
    headerName: 'Reconciled',
    minWidth: 240,
    // settled: past the 48-hour discrepancy window (orders §9); a new print leaves it as it is
    valueGetter: (p) =>
      p.data?.recon
        ? `${p.data.recon.date.slice(0, 10)} ${p.data.recon.user}${p.data.settled ? ' (settled)' : ''}`
        : '',
  },
  { field: 'destination', headerName: 'Destination', minWidth: 150 },
  { field: 'routeName', headerName: 'Route', minWidth: 120 },
  { field: 'driverName', headerName: 'Driver', minWidth: 120 },
];

/** The orders of the range (ag-grid through @portal/ui DataTable, 250 a page as orders §9 says). */
export function ReconTable({ rows }: { rows: ReconRow[] }) {
  return (
    <DataTable<ReconRow>
      rows={rows}
      columns={columns}
      getRowId={(r) => r.id}
      pageSize={BILLING.pageSize}
      pageSizes={[BILLING.pageSize]}
      testId="recon-table"
    />
  );
}

/** Totals by method and by route, in US dollars (integer cents from the service; formatCents). */
export function Totals({ totals }: { totals: ReconTotals }) {
  return (
    <div className="rc-totals" data-testid="recon-totals">
      <table className="rc-sum" aria-label="Totals by method">
        <thead>
          <tr>
            <th scope="col">Method</th>
            <th scope="col">Orders</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {totals.byMethod.map((m) => (
            <tr key={m.method} data-testid="recon-by-method">
              <td>{m.method}</td>
              <td>{m.count}</td>
              <td className="rc-num">{formatCents(m.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="rc-sum" aria-label="Totals by route">
        <thead>
          <tr>
            <th scope="col">Route</th>
            <th scope="col">Orders</th>
            <th scope="col">Amount</th>
          </tr>
        </thead>
        <tbody>
          {totals.byRoute.map((r) => (
            <tr key={r.route || '-'} data-testid="recon-by-route">
              <td>{r.routeName}</td>
              <td>{r.count}</td>
              <td className="rc-num">{formatCents(r.amountCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p className="rc-grand" data-testid="recon-grand-total">
        Total: {totals.count} orders, <strong>{formatCents(totals.amountCents)}</strong>
      </p>
      <p className="pu-muted" data-testid="recon-discrepancy-rule">
        {ReconWords.discrepancyRule} A row marked (settled) was reconciled earlier than that: its figures
        stand.
      </p>
    </div>
  );
}

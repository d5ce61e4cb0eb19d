import { useState } from 'react';
import type { MetrcOrderResult, MetrcSyncView } from '@portal/contracts';
import { Checkbox } from '@portal/ui';

const RESULT_TEXT: Record<MetrcOrderResult['result'], string> = {
  synced: 'Synced',
  mismatch: 'Mismatch',
  'not-found': 'Not found',
};

/** A finished run: the counts, then one row per order (problems first unless "Show all"). */
export function SyncResults({ view }: { view: MetrcSyncView }) {
  const [all, setAll] = useState(false);
  const problems = view.results.filter((r) => r.result !== 'synced');
  const rows = all || problems.length === 0 ? view.results : problems;
  const { synced, mismatch, notFound } = view.counts;
  return (
    <div data-testid="metrc-sync-results">
      <p className="ord-metrc-summary" data-testid="metrc-sync-summary">
        {view.total} order(s) checked
        {view.from ? ` (delivery ${view.from} to ${view.to})` : ''}: <strong>{synced} synced</strong>,{' '}
        <strong>{mismatch} mismatch</strong>, <strong>{notFound} not found</strong>.
      </p>
      {view.results.length > 0 && problems.length > 0 && problems.length < view.results.length && (
        <Checkbox label="Show synced orders too" checked={all} onChange={setAll} testId="metrc-sync-all" />
      )}
      {view.results.length > 0 && (
        <div className="ord-metrc-table-wrap">
          <table className="ord-metrc-table">
            <thead>
              <tr>
                <th>Order ID</th>
                <th>Manifest No.</th>
                <th>Result</th>
                <th>Reason</th>
                <th>Ledger</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={r.id} className={`ord-metrc-${r.result}`} data-testid={`metrc-row-${r.orderId}`}>
                  <td>{r.orderId}</td>
                  <td>{r.manifestNo || '—'}</td>
                  <td data-testid="metrc-result">{RESULT_TEXT[r.result]}</td>
                  <td>{r.reason}</td>
                  <td>{r.result !== 'synced' ? '' : r.recorded ? 'Recorded' : 'Already recorded'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import {
  BillingMessages,
  ReconWords,
  formatCents,
  lastWeek,
  rangeProblem,
  type ReconAnswer,
  type ReconRow,
} from '@portal/contracts/billing';
import { Alert, Button, EmptyState, PageTitle, TextField, errorText, usePortal } from '@portal/ui';
import { downloadInvoice, getCompare, invoicePath, listVendors, reconcile, type ReconAsk } from './api.js';
import { VendorPicker } from './VendorPicker.js';
import { PrintForm } from './PrintForm.js';
import { ReconTable, Totals } from './ReconTable.js';
import './recon.css';

/**
 * Billing reconciliation (orders §2, /dashboard/billing and manageBilling; staff): pick a vendor (registered accounts
 * only, if asked; the accounting mismatch mark), a date range (default last week), Search: the vendor's orders of
 * the range (pages of 250, "More" follows the keyset), totals by method and by route in US dollars, Print (the
 * print/export form, which stamps the orders) and the invoice export (PDF, CSV). The compare's absence is said.
 */
export function Billing() {
  const { api, session } = usePortal();
  const def = lastWeek();
  const [registeredOnly, setRegisteredOnly] = useState(false);
  const [vendorLN, setVendorLN] = useState('');
  const [from, setFrom] = useState(def.from);
  const [to, setTo] = useState(def.to);
  const [asked, setAsked] = useState<ReconAsk | null>(null);
  const [answer, setAnswer] = useState<ReconAnswer | null>(null);
  const [rows, setRows] = useState<ReconRow[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [printing, setPrinting] = useState(false);

  const vendors = useQuery({
    queryKey: ['billing', 'vendors', registeredOnly],
    queryFn: () => listVendors(api, registeredOnly),
  });
  const compare = useQuery({
    queryKey: ['billing', 'compare'],
    queryFn: () => getCompare(api),
    staleTime: 60_000,
  });

  const search = async (ask: ReconAsk) => {
    const problem = rangeProblem(ask.from, ask.to);
    if (!ask.vendorLN) return setError('Please choose a vendor.');
    if (problem) return setError(problem);
    setBusy(true);
    setError(null);
    try {
      const a = await reconcile(api, ask);
      setAsked(ask);
      setAnswer(a);
      setRows(a.orders);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const more = async () => {
    if (!asked || !answer?.next) return;
    setBusy(true);
    try {
      const a = await reconcile(api, { ...asked, after: answer.next });
      setAnswer({ ...a, orders: answer.orders });
      setRows((r) => [...r, ...a.orders]);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };
  const exportAs = async (format: 'pdf' | 'csv') => {
    if (!asked) return;
    try {
      await downloadInvoice(
        session,
        invoicePath(asked, format),
        `invoice-${asked.vendorLN}-${asked.from}-${asked.to}.${format}`,
      );
    } catch (e) {
      setError(errorText(e));
    }
  };
  const compareDown = compare.data && !compare.data.available;

  return (
    <div className="rc-page" data-testid="recon-page">
      <PageTitle>Billing reconciliation</PageTitle>
      {(compareDown || compare.isError || (vendors.data && !vendors.data.compare)) && (
        <Alert type="warning" testId="recon-compare-down">
          {compare.data?.message ?? BillingMessages.compareUnavailable}
        </Alert>
      )}
      {vendors.isError && <Alert type="error">{errorText(vendors.error)}</Alert>}
      <form
        className="rc-form"
        onSubmit={(e) => {
          e.preventDefault();
          void search({ vendorLN, from, to });
        }}
      >
        <VendorPicker
          vendors={vendors.data?.vendors ?? []}
          loading={vendors.isLoading}
          value={vendorLN}
          onChange={setVendorLN}
          registeredOnly={registeredOnly}
          onRegisteredOnly={setRegisteredOnly}
        />
        <div className="rc-range">
          <TextField label="From" type="date" value={from} onChange={setFrom} required testId="recon-from" />
          <TextField label="To" type="date" value={to} onChange={setTo} required testId="recon-to" />
          <Button variant="primary" type="submit" disabled={busy} data-testid="recon-search">
            {busy ? 'Searching…' : 'Search'}
          </Button>
        </div>
      </form>
      {error && (
        <Alert type="error" testId="recon-error" onClose={() => setError(null)}>
          {error}
        </Alert>
      )}
      {answer && asked && (
        <section className="rc-result" aria-label="Reconciliation" data-testid="recon-result">
          <h2>
            {answer.vendor.name} ({answer.vendor.licenseNumber}) · {answer.from} to {answer.to}
          </h2>
          {answer.listed === 0 ? (
            <EmptyState title="No orders" testId="recon-empty">
              {ReconWords.empty}
            </EmptyState>
          ) : (
            <>
              <div className="rc-actions">
                <Button variant="primary" onClick={() => setPrinting(true)} data-testid="recon-print">
                  Print
                </Button>
                <Button onClick={() => void exportAs('pdf')} data-testid="recon-export-pdf">
                  Export PDF
                </Button>
                <Button onClick={() => void exportAs('csv')} data-testid="recon-export-csv">
                  Export CSV
                </Button>
              </div>
              <Totals totals={answer.totals} />
              <ReconTable rows={rows} />
              <p className="rc-count" data-testid="recon-count">
                Showing {rows.length} of {answer.listed} orders; {answer.totals.count} counted, total{' '}
                {formatCents(answer.totals.amountCents)}.
              </p>
              {answer.next && (
                <Button onClick={() => void more()} disabled={busy} data-testid="recon-more">
                  More
                </Button>
              )}
            </>
          )}
        </section>
      )}
      {printing && answer && asked && (
        <PrintForm
          ask={asked}
          answer={answer}
          onClose={() => setPrinting(false)}
          onStamped={() => void search(asked)}
        />
      )}
    </div>
  );
}

import { useState, type FormEvent } from 'react';
import { BILLING, lastMonth, type ReportKind } from '@portal/contracts/billing';
import { Alert, Button, Select, TagInput, TextField } from '@portal/ui';
import type { RunAsk } from './api.js';
import { KIND_HELP, KIND_OPTIONS, formProblems } from './words.js';

const yesterday = () => new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);

export interface RunFormProps {
  /** The caller's address: the default recipient. */
  me: string;
  busy: boolean;
  /** The server's message of the last failed start (400 …), shown above the button. */
  serverError: string | null;
  onRun(ask: RunAsk): void;
}

/**
 * The run form: kind, date range (default last month, orders §9) or one day for the timestamp report, the email
 * chips (default the caller, at most 10) and "Run report". Problems are shown in the server's own words before
 * anything is sent; what the server still refuses comes back as `serverError`.
 */
export function RunForm({ me, busy, serverError, onRun }: RunFormProps) {
  const month = lastMonth();
  const [kind, setKind] = useState<ReportKind>('status');
  const [from, setFrom] = useState(month.from);
  const [to, setTo] = useState(month.to);
  const [selectedDate, setSelectedDate] = useState(yesterday);
  const [emails, setEmails] = useState<string[]>(me ? [me] : []);
  const [tried, setTried] = useState(false);
  const ask: RunAsk = { kind, selectedDate, from, to, emails };
  const problems = formProblems(ask);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (problems.range || problems.emails) return;
    onRun(ask);
  };
  const show = (p: string | undefined) => (tried ? (p ?? null) : null);

  return (
    <form className="pu-card rp-form" onSubmit={submit} data-testid="reports-form" noValidate>
      <h2>Run a report</h2>
      <div className="rp-form-row">
        <div className="rp-kind">
          <Select
            label="Report"
            value={kind}
            options={KIND_OPTIONS}
            onChange={(v) => setKind(v as ReportKind)}
            testId="reports-kind"
          />
          <p className="pu-muted rp-help" data-testid="reports-kind-help">
            {KIND_HELP[kind]}
          </p>
        </div>
        {kind === 'timestamp' ? (
          <TextField
            label="Day"
            type="date"
            value={selectedDate}
            onChange={setSelectedDate}
            error={show(problems.range)}
            testId="reports-day"
          />
        ) : (
          <>
            <TextField label="From" type="date" value={from} onChange={setFrom} testId="reports-from" />
            <TextField
              label="To"
              type="date"
              value={to}
              onChange={setTo}
              error={show(problems.range)}
              testId="reports-to"
            />
          </>
        )}
      </div>
      <TagInput
        label={`Email the result to (up to ${BILLING.maxEmails})`}
        value={emails}
        onChange={(v) => setEmails(v.map((e) => e.trim()))}
        placeholder="Type an address and press Enter"
        error={show(problems.emails)}
        testId="reports-emails"
      />
      {serverError && (
        <Alert type="error" testId="reports-run-error">
          {serverError}
        </Alert>
      )}
      <div className="rp-form-actions">
        <Button type="submit" variant="primary" disabled={busy} data-testid="reports-run">
          {busy ? 'Starting…' : 'Run report'}
        </Button>
      </div>
    </form>
  );
}

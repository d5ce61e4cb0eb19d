import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { REPORT_TITLES, type ReportEvery, type ReportKind } from '@portal/contracts/billing';
import { Alert, Button, Select, TagInput, errorText, toast, useConfirm, usePortal } from '@portal/ui';
import { SCHEDULES_KEY, addSchedule, deleteSchedule, listSchedules } from './api.js';
import { EVERY_LABELS, KIND_OPTIONS, emailsProblem, when } from './words.js';

const EVERY_OPTIONS = (Object.keys(EVERY_LABELS) as ReportEvery[]).map((v) => ({
  value: v,
  label: EVERY_LABELS[v],
}));

/**
 * Scheduled reports ("any report every Monday (or monthly) to a list of emails"): the caller's schedules,
 * a form to add one and Delete behind a confirm. The timestamp report is one day, so a schedule of it covers the
 * day before each firing (the service decides; the list shows what it answers).
 */
export function Schedules({ me }: { me: string }) {
  const { api } = usePortal();
  const client = useQueryClient();
  const { ask, dialog } = useConfirm('schedule-confirm');
  const schedules = useQuery({ queryKey: SCHEDULES_KEY, queryFn: () => listSchedules(api) });
  const [kind, setKind] = useState<ReportKind>('deliveries');
  const [every, setEvery] = useState<ReportEvery>('weekly');
  const [emails, setEmails] = useState<string[]>(me ? [me] : []);
  const [tried, setTried] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const problem = emailsProblem(emails);
  const add = useMutation({
    mutationFn: () => addSchedule(api, { kind, every, emails }),
    onSuccess: (r) => {
      setServerError(null);
      setTried(false);
      toast.success(r.message);
    },
    onError: (e) => setServerError(errorText(e)),
    onSettled: () => client.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
  const remove = useMutation({
    mutationFn: (id: string) => deleteSchedule(api, id),
    onSuccess: () => toast.success('The scheduled report was deleted.'),
    onError: (e) => toast.error(errorText(e)),
    onSettled: () => client.invalidateQueries({ queryKey: SCHEDULES_KEY }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!problem) add.mutate();
  };

  return (
    <section className="rp-section" aria-labelledby="rp-schedules-h" data-testid="schedules">
      <h2 id="rp-schedules-h">Scheduled reports</h2>
      <form className="pu-card rp-form" onSubmit={submit} noValidate data-testid="schedule-form">
        <div className="rp-form-row">
          <Select
            label="Report"
            value={kind}
            options={KIND_OPTIONS}
            onChange={(v) => setKind(v as ReportKind)}
            testId="schedule-kind"
          />
          <Select
            label="Every"
            value={every}
            options={EVERY_OPTIONS}
            onChange={(v) => setEvery(v as ReportEvery)}
            testId="schedule-every"
          />
        </div>
        <TagInput
          label="Email it to"
          value={emails}
          onChange={(v) => setEmails(v.map((x) => x.trim()))}
          placeholder="Type an address and press Enter"
          error={tried ? problem : null}
          testId="schedule-emails"
        />
        {serverError && (
          <Alert type="error" testId="schedule-error">
            {serverError}
          </Alert>
        )}
        <div className="rp-form-actions">
          <Button type="submit" disabled={add.isPending} data-testid="schedule-add">
            Add schedule
          </Button>
        </div>
      </form>
      {schedules.isPending ? (
        <div className="pu-page-loading" aria-busy="true" />
      ) : schedules.isError ? (
        <Alert type="error" testId="schedules-error">
          Your scheduled reports could not be loaded: {errorText(schedules.error)}{' '}
          <Button variant="link" onClick={() => void schedules.refetch()}>
            Try again
          </Button>
        </Alert>
      ) : schedules.data.length === 0 ? (
        <p className="pu-muted" data-testid="schedules-empty">
          No scheduled reports yet.
        </p>
      ) : (
        <ul className="rp-schedules" data-testid="schedules-list">
          {schedules.data.map((s) => (
            <li key={s.id} className="pu-card" data-testid="schedule-row">
              <div>
                <strong>{REPORT_TITLES[s.kind]}</strong> · {EVERY_LABELS[s.every]}
                <div className="pu-muted rp-emails">
                  To {s.emails.join(', ')}
                  {s.nextRunAt ? ` · next ${when(s.nextRunAt)}` : ''}
                </div>
              </div>
              <Button
                size="sm"
                variant="danger"
                disabled={remove.isPending}
                data-testid="schedule-delete"
                aria-label={`Delete the scheduled ${REPORT_TITLES[s.kind]} (${s.every})`}
                onClick={async () => {
                  const yes = await ask({
                    title: 'Delete scheduled report',
                    text: `Stop sending "${REPORT_TITLES[s.kind]}" ${s.every === 'weekly' ? 'every Monday' : 'every month'} to ${s.emails.join(', ')}?`,
                    confirm: 'Delete',
                  });
                  if (yes) remove.mutate(s.id);
                }}
              >
                Delete
              </Button>
            </li>
          ))}
        </ul>
      )}
      {dialog}
    </section>
  );
}

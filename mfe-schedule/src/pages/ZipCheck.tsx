import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ROUTE_LIMITS, RouteMessages, zip5 } from '@portal/contracts';
import { Alert, Button, TextField, errorText, usePortal } from '@portal/ui';
import { findRoutes } from '../api.js';

const DAY = new Intl.DateTimeFormat('en-US', {
  weekday: 'short',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const label = (iso: string) => DAY.format(new Date(`${iso}T00:00:00Z`));

/**
 * "Which dates serve this zip": POST /routes/find {zip} over its default range (the next four weeks), the
 * answer the order form and the public schedule search get. Each matching route with its delivery dates; an
 * overnight row names the day the goods arrive.
 */
export function ZipCheck() {
  const { api } = usePortal();
  const [zip, setZip] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const find = useMutation({ mutationFn: (z: string) => findRoutes(api, { zip: z }) });
  const check = () => {
    const z = zip5(zip);
    setProblem(z ? null : RouteMessages.badZip);
    if (z) find.mutate(z);
  };
  const answer = find.data;

  return (
    <section className="rt-zip pu-card" aria-labelledby="rt-zip-title" data-testid="zip-check">
      <h2 id="rt-zip-title">Which dates serve a zip?</h2>
      <form
        className="rt-zip-form"
        onSubmit={(e) => {
          e.preventDefault();
          check();
        }}
      >
        <TextField
          aria-label="Zip code to check"
          placeholder="Zip code"
          inputMode="numeric"
          value={zip}
          onChange={setZip}
          maxLength={ROUTE_LIMITS.zipCode}
          error={problem}
          testId="zip-input"
        />
        <Button type="submit" disabled={find.isPending} data-testid="zip-submit">
          {find.isPending ? 'Checking…' : 'Check'}
        </Button>
      </form>
      {find.isError && (
        <Alert type="error" testId="zip-error">
          {errorText(find.error)}
        </Alert>
      )}
      {answer && (
        <div data-testid="zip-answer" aria-live="polite">
          <p className="pu-muted">
            Zip {answer.zip}, {label(answer.from)} to {label(answer.to)}:{' '}
            {answer.routes.length === 0 ? 'no route serves it.' : `${answer.dates.length} delivery dates.`}
          </p>
          <ul className="rt-zip-list">
            {answer.routes.map((m) => (
              <li key={`${m.routeId}/${m.rowId}`} data-testid="zip-match">
                <strong>{m.name}</strong>{' '}
                <span className="pu-muted">
                  {m.city}, leaves {m.startTime}
                </span>
                {m.overnight && <span className="rt-tag">overnight: arrives next day</span>}
                {m.biWeekly && <span className="rt-tag">every other week</span>}
                <div className="rt-zip-dates" data-testid="zip-dates">
                  {m.deliveryDates.map((d) => (
                    <time key={d} dateTime={d}>
                      {label(d)}
                    </time>
                  ))}
                </div>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

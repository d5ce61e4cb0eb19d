import { useState } from 'react';
import { lastMonth, lastWeek, rangeProblem, thisWeek, lastDays } from '@portal/contracts/billing';
import { Alert, Button, TextField } from '@portal/ui';
import type { Range } from './api.js';

const PRESETS: [string, () => Range][] = [
  ['Last 30 days', () => lastDays()],
  ['This week', () => thisWeek()],
  ['Last week', () => lastWeek()],
  ['Last month', () => lastMonth()],
];

/** From/to days (inclusive) and presets; a range is applied only when valid (the service's words otherwise). */
export function RangePicker({ value, onChange }: { value: Range; onChange: (r: Range) => void }) {
  const [draft, setDraft] = useState(value);
  const problem = rangeProblemSafe(draft);
  const set = (r: Range) => {
    setDraft(r);
    if (!rangeProblemSafe(r)) onChange(r);
  };
  return (
    <div className="pu-card db-range" role="group" aria-label="Date range">
      <TextField
        label="From"
        type="date"
        value={draft.from}
        onChange={(from) => set({ ...draft, from })}
        testId="db-from"
      />
      <TextField
        label="To"
        type="date"
        value={draft.to}
        onChange={(to) => set({ ...draft, to })}
        testId="db-to"
      />
      <div className="db-presets">
        {PRESETS.map(([label, range]) => {
          const r = range();
          const on = r.from === value.from && r.to === value.to;
          return (
            <Button
              key={label}
              size="sm"
              aria-pressed={on}
              variant={on ? 'primary' : 'secondary'}
              onClick={() => set(r)}
            >
              {label}
            </Button>
          );
        })}
      </div>
      {problem && (
        <Alert type="error" testId="db-range-error">
          {problem}
        </Alert>
      )}
    </div>
  );
}

function rangeProblemSafe(r: Range): string | null {
  try {
    return rangeProblem(r.from, r.to);
  } catch {
    return 'Please enter a valid date (YYYY-MM-DD).';
  }
}

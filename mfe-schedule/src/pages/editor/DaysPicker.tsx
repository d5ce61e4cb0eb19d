import { useMemo } from 'react';
import { Button } from '@portal/ui';
import { ROUTE_WEEKDAYS } from '@portal/contracts';
import { dateLabel, strictChoices, type Days, type DaysMode } from '../../days.js';

interface Props {
  value: Days;
  onChange: (d: Days) => void;
  error?: string | null;
  id: string;
}

const WEEKDAY_LABEL: Record<string, string> = {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thur: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
};

/**
 * A row's days (orders §2): weekdays as seven toggles, or strict calendar dates picked from the next 365 days in a
 * native multi-select (keyboard: arrows, Shift/Ctrl+Space, type-ahead; no 365 tab stops) with the spec's "all"
 * button. Dates chosen earlier that fall before today stay listed, so editing never drops them silently.
 */
export function DaysPicker({ value, onChange, error, id }: Props) {
  const choices = useMemo(() => {
    const next = strictChoices(new Date());
    const older = value.dates.filter((o) => o < next[0]!);
    return [...older, ...next];
  }, [value.dates]);
  const setMode = (mode: DaysMode) => onChange({ ...value, mode });
  const chosen = new Set(value.dates);

  return (
    <fieldset
      className={`rt-days${error ? ' pu-field-invalid' : ''}`}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <legend>
        <span className="pu-req">*</span>Days
      </legend>
      <div className="rt-days-mode" role="radiogroup" aria-label="Kind of days">
        {(['weekdays', 'dates'] as const).map((m) => (
          <label key={m}>
            <input
              type="radio"
              name={`${id}-mode`}
              checked={value.mode === m}
              onChange={() => setMode(m)}
              data-testid={`days-mode-${m}`}
            />
            {m === 'weekdays' ? 'Weekdays' : 'Strict dates'}
          </label>
        ))}
      </div>
      {value.mode === 'weekdays' ? (
        <div className="rt-weekdays" data-testid="days-weekdays">
          {ROUTE_WEEKDAYS.map((w) => {
            const on = value.weekdays.includes(w);
            return (
              <button
                key={w}
                type="button"
                className={`rt-chip${on ? ' rt-chip-on' : ''}`}
                aria-pressed={on}
                data-testid={`day-${w}`}
                onClick={() =>
                  onChange({
                    ...value,
                    weekdays: on ? value.weekdays.filter((x) => x !== w) : [...value.weekdays, w],
                  })
                }
              >
                {WEEKDAY_LABEL[w]}
              </button>
            );
          })}
        </div>
      ) : (
        <div className="rt-dates">
          <select
            multiple
            id={`${id}-dates`}
            className="pu-input rt-date-list"
            aria-label="Strict dates"
            data-testid="days-dates"
            value={value.dates.map(String)}
            onChange={(e) =>
              onChange({ ...value, dates: [...e.target.selectedOptions].map((o) => Number(o.value)) })
            }
          >
            {choices.map((o) => (
              <option key={o} value={o}>
                {dateLabel(o)}
              </option>
            ))}
          </select>
          <div className="rt-dates-tools">
            <span className="pu-muted" data-testid="days-count">
              {chosen.size} selected
            </span>
            <Button size="sm" onClick={() => onChange({ ...value, dates: choices })} data-testid="days-all">
              All
            </Button>
            <Button
              size="sm"
              variant="link"
              onClick={() => onChange({ ...value, dates: [] })}
              data-testid="days-clear"
            >
              Clear
            </Button>
          </div>
        </div>
      )}
      {error && (
        <div className="pu-field-error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
    </fieldset>
  );
}

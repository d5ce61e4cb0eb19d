import { useEffect, useId, useState } from 'react';
import { ROUTE_LIMITS } from '@portal/contracts';
import { Button, Checkbox, Modal, TextField } from '@portal/ui';
import { formatDays, parseDays, type Days } from '../../days.js';
import { rowProblems, type RowDraft, type RowField } from './draft.js';
import { DaysPicker } from './DaysPicker.js';

interface Props {
  /** The row being edited, or null when the dialog is closed. */
  row: RowDraft | null;
  isNew: boolean;
  onSave: (row: RowDraft) => void;
  onClose: () => void;
}

/**
 * One location row of a route (orders §2, §3): city, zip, days, bi-weekly, overnight, standard price. Required
 * fields answer with the spec's inline "Please Input {title}!" on Save, then as the user fixes them.
 */
export function RowDialog({ row, isNew, onSave, onClose }: Props) {
  const id = useId();
  const [draft, setDraft] = useState<RowDraft | null>(row);
  const [days, setDays] = useState<Days>(() => parseDays(row?.dayOfTheWeek ?? ''));
  const [tried, setTried] = useState(false);
  useEffect(() => {
    setDraft(row);
    setDays(parseDays(row?.dayOfTheWeek ?? ''));
    setTried(false);
  }, [row]);
  if (!row || !draft) return null;

  const current: RowDraft = { ...draft, dayOfTheWeek: formatDays(days) };
  const problems = tried ? rowProblems(current) : {};
  const set = (patch: Partial<RowDraft>) => setDraft({ ...draft, ...patch });
  const err = (f: RowField) => problems[f] ?? null;
  const save = () => {
    setTried(true);
    if (Object.keys(rowProblems(current)).length === 0) onSave(current);
  };

  return (
    <Modal
      open
      title={isNew ? 'Add Route Location' : 'Edit Route Location'}
      onClose={onClose}
      testId="row-dialog"
      width={560}
      footer={
        <>
          <Button onClick={onClose}>Cancel</Button>
          <Button variant="primary" onClick={save} data-testid="row-save">
            {isNew ? 'Add' : 'Done'}
          </Button>
        </>
      }
    >
      <form
        className="rt-row-form"
        // Enter in a text field saves. Handled on keydown, with its default stopped: a native implicit submit would
        // close the dialog between keydown and keypress, and the keypress would then land on the button the focus
        // returns to (Add Route Location) and open the dialog again.
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || !(e.target instanceof HTMLInputElement) || e.target.type === 'radio')
            return;
          e.preventDefault();
          save();
        }}
        onSubmit={(e) => e.preventDefault()}
      >
        <TextField
          label="City"
          required
          value={draft.city}
          onChange={(v) => set({ city: v })}
          error={err('city')}
          maxLength={ROUTE_LIMITS.city}
          testId="row-city"
        />
        <TextField
          label="Zip Code"
          required
          inputMode="numeric"
          value={draft.zipCode}
          onChange={(v) => set({ zipCode: v.trim() })}
          error={err('zipCode')}
          maxLength={ROUTE_LIMITS.zipCode}
          testId="row-zip"
        />
        <DaysPicker id={`${id}-days`} value={days} onChange={setDays} error={err('dayOfTheWeek')} />
        <div className="rt-row-checks">
          <Checkbox
            label="Bi-weekly"
            checked={draft.biWeekly}
            onChange={(v) => set({ biWeekly: v })}
            testId="row-biweekly"
          />
          <Checkbox
            label="Overnight"
            checked={draft.overnight}
            onChange={(v) => set({ overnight: v })}
            testId="row-overnight"
          />
        </div>
        <TextField
          label="Standard Price ($)"
          required
          type="number"
          min={0}
          step="0.01"
          value={draft.price}
          onChange={(v) => set({ price: v })}
          error={err('price')}
          testId="row-price"
        />
      </form>
    </Modal>
  );
}

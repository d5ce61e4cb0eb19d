import {
  useEffect,
  useId,
  useRef,
  useState,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { LICENCE_PICKER_DEBOUNCE_MS, LICENCE_PICKER_MAX_OPTIONS } from '@portal/contracts';
import { errorText, type ApiClient } from './types.js';

/** One row of GET /api/license/licensenumbers (ACCOUNTS-API.md, licence records). */
export interface LicenceOption {
  'License #': string;
  Licensee?: string;
  DBA?: string;
  City?: string;
}

export interface LicencePickerProps {
  api: ApiClient;
  /** The chosen licence, or null while the text matches no chosen option. */
  value: LicenceOption | null;
  onChange: (value: LicenceOption | null) => void;
  /** The raw text typed (lets a form tell "nothing entered" from "entered but not chosen"). */
  onText?: (text: string) => void;
  label?: ReactNode;
  required?: boolean;
  error?: string | null;
  placeholder?: string;
  disabled?: boolean;
  /** data-testid of the input; the list is `<testId>-listbox`, each option `<testId>-option`, the status `<testId>-status`. */
  testId?: string;
}

/** What the input shows for a chosen licence. */
export const licenceText = (o: LicenceOption): string =>
  [o['License #'], o.Licensee].filter(Boolean).join(' — ');

const wrap: CSSProperties = { position: 'relative' };
const listbox: CSSProperties = {
  position: 'absolute',
  zIndex: 50,
  top: '100%',
  left: 0,
  right: 0,
  marginTop: 2,
  maxHeight: 260,
  overflowY: 'auto',
  padding: 0,
  listStyle: 'none',
  background: 'var(--pu-surface)',
  border: '1px solid var(--pu-border)',
  borderRadius: 'var(--pu-radius)',
  boxShadow: 'var(--pu-shadow)',
};
const optionStyle = (active: boolean): CSSProperties => ({
  padding: '7px 10px',
  cursor: 'pointer',
  display: 'flex',
  flexWrap: 'wrap',
  gap: '2px 8px',
  fontSize: 14,
  background: active ? 'var(--pu-surface-alt)' : undefined,
  borderLeft: `3px solid ${active ? 'var(--pu-primary)' : 'transparent'}`,
});
const statusStyle: CSSProperties = { padding: '7px 10px', color: 'var(--pu-muted)', fontSize: 14 };

/**
 * The generic licence picker (accounts §2, §9): a combobox that searches licence numbers 800 ms after the last
 * keystroke, lists at most 100 matches (licence #, name, city) and is operated with ↑/↓, Enter and Escape.
 */
export function LicencePicker({
  api,
  value,
  onChange,
  onText,
  label = 'License #',
  required,
  error,
  placeholder,
  disabled,
  testId = 'licence-picker',
}: LicencePickerProps) {
  const id = useId();
  const listId = `${id}-list`;
  const [text, setText] = useState(value ? licenceText(value) : '');
  const [options, setOptions] = useState<LicenceOption[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [status, setStatus] = useState<string | null>(null);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const listRef = useRef<HTMLUListElement>(null);

  useEffect(() => () => clearTimeout(timer.current), []);
  // A licence set from outside (e.g. a stored profile) shows as the input's text.
  const chosen = value ? licenceText(value) : null;
  useEffect(() => {
    if (chosen !== null) setText(chosen);
  }, [chosen]);
  useEffect(() => {
    listRef.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const search = (q: string) => {
    const mine = ++seq.current;
    setStatus('Searching…');
    const path = `/api/license/licensenumbers?search=${encodeURIComponent(q)}&limit=${LICENCE_PICKER_MAX_OPTIONS}`;
    api.get<{ data?: { licensenumbers?: LicenceOption[] } }>(path).then(
      (r) => {
        if (mine !== seq.current) return;
        const found = (r?.data?.licensenumbers ?? []).slice(0, LICENCE_PICKER_MAX_OPTIONS);
        setOptions(found);
        setActive(found.length ? 0 : -1);
        setStatus(found.length ? null : 'No licence numbers found');
      },
      (e: unknown) => {
        if (mine !== seq.current) return;
        setOptions([]);
        setStatus(`Licence search failed: ${errorText(e)}`);
      },
    );
  };

  const type = (next: string) => {
    setText(next);
    onText?.(next);
    if (value) onChange(null);
    clearTimeout(timer.current);
    seq.current++; // an answer to an older search is now stale
    setOptions([]); // and so are its options: nothing can be chosen until the new answer is in
    setActive(-1);
    if (!next.trim()) {
      setStatus(null);
      setOpen(false);
      return;
    }
    setOpen(true);
    setStatus('Searching…');
    timer.current = setTimeout(() => search(next.trim()), LICENCE_PICKER_DEBOUNCE_MS);
  };

  const choose = (o: LicenceOption) => {
    const t = licenceText(o);
    setText(t);
    onText?.(t);
    onChange(o);
    setOpen(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return setOpen(options.length > 0 || status !== null);
      const n = options.length;
      if (n) setActive((a) => (e.key === 'ArrowDown' ? (a + 1) % n : (a - 1 + n) % n));
    } else if (e.key === 'Enter' && open && options[active]) {
      e.preventDefault();
      choose(options[active]);
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      setOpen(false);
    }
  };

  const showList = open && !disabled && (options.length > 0 || status !== null);
  const optionId = (i: number) => `${id}-opt-${i}`;
  return (
    <div className={`pu-field${error ? ' pu-field-invalid' : ''}`}>
      <label htmlFor={id}>
        {required && <span className="pu-req">*</span>}
        {label}
      </label>
      <div style={wrap}>
        <input
          id={id}
          className="pu-input"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listId}
          aria-activedescendant={showList && active >= 0 && options[active] ? optionId(active) : undefined}
          aria-invalid={!!error}
          aria-describedby={error ? `${id}-error` : undefined}
          autoComplete="off"
          value={text}
          placeholder={placeholder ?? 'Type a licence number or name'}
          disabled={disabled}
          data-testid={testId}
          onChange={(e) => type(e.target.value)}
          onKeyDown={onKeyDown}
          onFocus={() => text.trim() && !value && (options.length > 0 || status) && setOpen(true)}
          onBlur={() => setOpen(false)}
        />
        {showList && (
          <ul
            id={listId}
            role="listbox"
            aria-label="Licence numbers"
            style={listbox}
            ref={listRef}
            data-testid={`${testId}-listbox`}
          >
            {status && (
              <li role="presentation" style={statusStyle} aria-live="polite" data-testid={`${testId}-status`}>
                {status}
              </li>
            )}
            {options.map((o, i) => (
              <li
                key={`${o['License #']}-${i}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                data-index={i}
                data-testid={`${testId}-option`}
                style={optionStyle(i === active)}
                onMouseDown={(e) => e.preventDefault()}
                onMouseEnter={() => setActive(i)}
                onClick={() => choose(o)}
              >
                <strong>{o['License #']}</strong>
                <span>{o.Licensee || o.DBA}</span>
                {o.City && <span style={{ color: 'var(--pu-muted)' }}>· {o.City}</span>}
              </li>
            ))}
          </ul>
        )}
      </div>
      {error && (
        <div className="pu-field-error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

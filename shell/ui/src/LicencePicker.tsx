import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { useCombobox } from 'downshift';
import { LICENCE_PICKER_DEBOUNCE_MS, LICENCE_PICKER_MAX_OPTIONS } from '@portal/contracts';
import { errorText } from './types.js';
import { licenceText, type LicenceOption, type LicencePickerProps } from './licence.js';

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
 * The licence picker (accounts §2, §9): a downshift combobox (ARIA roles, ↑/↓, Enter, Escape, mouse) that asks
 * `loadOptions` 800 ms after the last keystroke and lists at most 100 matches (licence #, name, city). An answer to
 * an older query is dropped: only the newest search is ever listed.
 */
export function LicencePicker({
  loadOptions,
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
  const [text, setText] = useState(value ? licenceText(value) : '');
  const [options, setOptions] = useState<LicenceOption[]>([]);
  const [status, setStatus] = useState<string | null>(null);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  // A licence set from outside (e.g. a stored profile) shows as the input's text.
  const chosen = value ? licenceText(value) : null;
  useEffect(() => {
    if (chosen !== null) setText(chosen);
  }, [chosen]);

  const search = (q: string) => {
    const mine = ++seq.current;
    loadOptions(q).then(
      (found) => {
        if (mine !== seq.current) return;
        setOptions(found.slice(0, LICENCE_PICKER_MAX_OPTIONS));
        setStatus(found.length ? null : 'No licence numbers found');
      },
      (e: unknown) =>
        mine === seq.current && (setOptions([]), setStatus(`Licence search failed: ${errorText(e)}`)),
    );
  };
  const type = (next: string) => {
    setText(next);
    onText?.(next);
    if (value) onChange(null);
    clearTimeout(timer.current);
    seq.current++; // an answer to an older search is now stale, and so are its options
    setOptions([]);
    setStatus(next.trim() ? 'Searching…' : null);
    if (next.trim()) timer.current = setTimeout(() => search(next.trim()), LICENCE_PICKER_DEBOUNCE_MS);
  };

  const box = useCombobox<LicenceOption>({
    items: options,
    itemToString: (o) => (o ? licenceText(o) : ''),
    inputValue: text,
    selectedItem: value,
    defaultHighlightedIndex: 0,
    onInputValueChange: ({ inputValue, type: change }) => {
      if (change === useCombobox.stateChangeTypes.InputChange) type(inputValue ?? '');
    },
    onSelectedItemChange: ({ selectedItem }) => {
      if (!selectedItem) return;
      const t = licenceText(selectedItem);
      setText(t);
      onText?.(t);
      onChange(selectedItem);
    },
  });
  const showList = box.isOpen && !disabled && text.trim() !== '' && (options.length > 0 || status !== null);
  const errorId = `${testId}-error`;
  return (
    <div className={`pu-field${error ? ' pu-field-invalid' : ''}`}>
      <label {...box.getLabelProps()}>
        {required && <span className="pu-req">*</span>}
        {label}
      </label>
      <div style={{ position: 'relative' }}>
        <input
          className="pu-input"
          {...box.getInputProps({
            disabled,
            placeholder: placeholder ?? 'Type a licence number or name',
            'aria-invalid': !!error,
            'aria-describedby': error ? errorId : undefined,
          })}
          autoComplete="off"
          data-testid={testId}
        />
        <ul
          {...box.getMenuProps({ 'aria-label': 'Licence numbers' })}
          style={showList ? listbox : { display: 'none' }}
          data-testid={showList ? `${testId}-listbox` : undefined}
        >
          {showList && status && (
            <li role="presentation" style={statusStyle} aria-live="polite" data-testid={`${testId}-status`}>
              {status}
            </li>
          )}
          {showList &&
            options.map((o, i) => (
              <li
                key={`${o['License #']}-${i}`}
                {...box.getItemProps({ item: o, index: i })}
                data-testid={`${testId}-option`}
                style={optionStyle(i === box.highlightedIndex)}
              >
                <strong>{o['License #']}</strong>
                <span>{o.Licensee || o.DBA}</span>
                {o.City && <span style={{ color: 'var(--pu-muted)' }}>· {o.City}</span>}
              </li>
            ))}
        </ul>
      </div>
      {error && (
        <div className="pu-field-error" id={errorId} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

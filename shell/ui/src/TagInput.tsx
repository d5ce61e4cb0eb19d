import { useId, useState, type KeyboardEvent } from 'react';

export interface TagInputProps {
  label?: string;
  value: string[];
  onChange?: (tags: string[]) => void;
  /** Read-only: the tags are shown, nothing can be added or removed. */
  disabled?: boolean;
  placeholder?: string;
  error?: string | null;
  testId?: string;
}

/** A list of tags (e.g. additional licence numbers): Enter, comma or leaving the field adds; × or Backspace removes. */
export function TagInput({
  label,
  value,
  onChange,
  disabled,
  placeholder = 'Type and press Enter',
  error,
  testId,
}: TagInputProps) {
  const id = useId();
  const [text, setText] = useState('');

  const add = () => {
    const parts = text
      .split(',')
      .map((t) => t.trim())
      .filter(Boolean);
    setText('');
    const next = [...value];
    for (const p of parts) if (!next.includes(p)) next.push(p);
    if (next.length !== value.length) onChange?.(next);
  };
  const remove = (tag: string) => onChange?.(value.filter((t) => t !== tag));
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter' || e.key === ',') {
      e.preventDefault();
      add();
    } else if (e.key === 'Backspace' && !text && value.length) {
      remove(value[value.length - 1]!);
    }
  };

  return (
    <div className={`pu-field${error ? ' pu-field-invalid' : ''}`} data-testid={testId}>
      {label &&
        (disabled ? (
          <span style={{ fontWeight: 500, fontSize: 14 }} id={`${id}-label`}>
            {label}
          </span>
        ) : (
          <label htmlFor={id}>{label}</label>
        ))}
      <div
        className="pu-input"
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 6,
          alignItems: 'center',
          padding: '5px 8px',
          minHeight: 38,
        }}
      >
        {value.map((tag) => (
          <span
            key={tag}
            data-testid={testId ? `${testId}-tag` : undefined}
            style={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 4,
              padding: '2px 8px',
              borderRadius: 12,
              background: 'var(--pu-surface-alt, #eef)',
              border: '1px solid var(--pu-border, #ccc)',
              fontSize: 13,
            }}
          >
            {tag}
            {!disabled && (
              <button
                type="button"
                aria-label={`Remove ${tag}`}
                onClick={() => remove(tag)}
                style={{
                  border: 0,
                  background: 'none',
                  cursor: 'pointer',
                  padding: 0,
                  fontSize: 15,
                  lineHeight: 1,
                }}
              >
                ×
              </button>
            )}
          </span>
        ))}
        {!disabled && (
          <input
            id={id}
            value={text}
            placeholder={value.length ? '' : placeholder}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={onKey}
            onBlur={add}
            aria-invalid={!!error}
            data-testid={testId ? `${testId}-input` : undefined}
            style={{
              flex: '1 1 120px',
              minWidth: 100,
              border: 0,
              outline: 'none',
              font: 'inherit',
              background: 'transparent',
              padding: 2,
            }}
          />
        )}
        {disabled && !value.length && <span className="pu-muted">None</span>}
      </div>
      {error && (
        <div className="pu-field-error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

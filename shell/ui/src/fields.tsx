import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

interface FieldFrame {
  label?: ReactNode;
  error?: string | null;
  required?: boolean;
  testId?: string;
}

function Frame({ id, label, error, required, children }: FieldFrame & { id: string; children: ReactNode }) {
  return (
    <div className={`pu-field${error ? ' pu-field-invalid' : ''}`}>
      {label && (
        <label htmlFor={id}>
          {required && <span className="pu-req">*</span>}
          {label}
        </label>
      )}
      {children}
      {error && (
        <div className="pu-field-error" id={`${id}-error`} role="alert">
          {error}
        </div>
      )}
    </div>
  );
}

/** The id and the attributes that tie a control to its label and its error message (shared by every control). */
function useControl(id: string | undefined, error: string | null | undefined, testId: string | undefined) {
  const auto = useId();
  const fid = id ?? auto;
  return {
    fid,
    attrs: {
      id: fid,
      className: 'pu-input',
      'aria-invalid': !!error,
      'aria-describedby': error ? `${fid}-error` : undefined,
      'data-testid': testId,
    },
  };
}

type TextFieldProps = FieldFrame &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange'> & { onChange?: (v: string) => void };

/** A labelled input; `error` shows the spec's red message under the field. */
export function TextField({ label, error, required, testId, onChange, id, ...rest }: TextFieldProps) {
  const { fid, attrs } = useControl(id, error, testId);
  return (
    <Frame id={fid} label={label} error={error} required={required}>
      <input {...attrs} onChange={(e) => onChange?.(e.target.value)} {...rest} />
    </Frame>
  );
}

type TextAreaProps = FieldFrame &
  Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'onChange'> & { onChange?: (v: string) => void };

export function TextArea({ label, error, required, testId, onChange, id, ...rest }: TextAreaProps) {
  const { fid, attrs } = useControl(id, error, testId);
  return (
    <Frame id={fid} label={label} error={error} required={required}>
      <textarea {...attrs} onChange={(e) => onChange?.(e.target.value)} {...rest} />
    </Frame>
  );
}

export interface Option {
  value: string;
  label: string;
}
type SelectProps = FieldFrame &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, 'onChange'> & {
    options: Option[];
    onChange?: (v: string) => void;
    placeholder?: string;
  };

export function Select({
  label,
  error,
  required,
  testId,
  onChange,
  options,
  placeholder,
  id,
  ...rest
}: SelectProps) {
  const { fid, attrs } = useControl(id, error, testId);
  return (
    <Frame id={fid} label={label} error={error} required={required}>
      <select {...attrs} onChange={(e) => onChange?.(e.target.value)} {...rest}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Frame>
  );
}

type CheckboxProps = Omit<FieldFrame, 'label'> &
  Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'type'> & {
    label: ReactNode;
    onChange?: (checked: boolean) => void;
  };

export function Checkbox({ label, error, testId, onChange, id, ...rest }: CheckboxProps) {
  const auto = useId();
  const fid = id ?? auto;
  return (
    <div className={`pu-field pu-check${error ? ' pu-field-invalid' : ''}`}>
      <label htmlFor={fid}>
        <input
          id={fid}
          type="checkbox"
          data-testid={testId}
          onChange={(e) => onChange?.(e.target.checked)}
          {...rest}
        />
        <span>{label}</span>
      </label>
      {error && <div className="pu-field-error">{error}</div>}
    </div>
  );
}

import type { ReactNode } from 'react';

export interface AlertProps {
  type: 'error' | 'success' | 'info' | 'warning';
  children: ReactNode;
  onClose?: () => void;
  testId?: string;
}

/** A coloured message box (red for errors, green for success); closable when onClose is given. */
export function Alert({ type, children, onClose, testId }: AlertProps) {
  return (
    <div
      className={`pu-alert pu-alert-${type}`}
      role={type === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <div className="pu-alert-body">{children}</div>
      {onClose && (
        <button type="button" className="pu-alert-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      )}
    </div>
  );
}

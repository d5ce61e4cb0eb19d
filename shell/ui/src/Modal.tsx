import { useEffect, type ReactNode } from 'react';
import { createPortal } from 'react-dom';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

/** A dialog over the page; Escape or the backdrop closes it. Rendered into document.body. */
export function Modal({ open, title, onClose, children, footer, testId }: ModalProps) {
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  if (!open) return null;
  return createPortal(
    <div className="pu-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div className="pu-modal" role="dialog" aria-modal="true" aria-label={title} data-testid={testId}>
        <div className="pu-modal-head">
          <h2>{title}</h2>
          <button type="button" className="pu-modal-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="pu-modal-body">{children}</div>
        {footer && <div className="pu-modal-foot">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}

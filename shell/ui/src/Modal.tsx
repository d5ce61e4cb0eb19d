import { useEffect, useRef, type ReactNode } from 'react';
import { MODAL_EVENT } from './toast.js';

export interface ModalProps {
  open: boolean;
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
  /** Width in px (default 520; the signature dialog needs room for its 600 px canvas). */
  width?: number;
}

/**
 * A modal dialog on the native <dialog>: `showModal()` gives the top layer, a focus trap, Escape and an
 * inert page behind it, so none of that is hand-written here. Escape and a click on the backdrop ask the owner to
 * close (`onClose`): the owner's state decides, so a dialog never closes behind React's back. Rendered only while
 * open (closed dialogs leave nothing in the DOM, which the tests rely on).
 */
export function Modal({ open, title, onClose, children, footer, testId, width }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!open || !dialog || dialog.open) return;
    const before = document.activeElement as HTMLElement | null;
    dialog.showModal();
    window.dispatchEvent(new Event(MODAL_EVENT));
    // showModal focuses the first focusable element, the × in the head (React's autoFocus ran while the dialog was
    // still closed): a dialog with a form starts at its first field instead.
    dialog
      .querySelector<HTMLElement>('.pu-modal-body :is(input:not([type=hidden]), select, textarea)')
      ?.focus();
    // Closed by its owner (the element is gone, the page no longer inert): focus goes back where it was, as
    // dialog.close() would do.
    return () => {
      before?.focus?.();
      // after React removed the dialog (the toasts leave the top layer when no modal is left)
      setTimeout(() => window.dispatchEvent(new Event(MODAL_EVENT)));
    };
  }, [open]);
  if (!open) return null;
  return (
    <dialog
      ref={ref}
      className="pu-modal"
      aria-label={title}
      data-testid={testId}
      style={width ? { width } : undefined}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      // The dialog box has no padding, so a click whose target is the <dialog> itself landed on its ::backdrop.
      onMouseDown={(e) => e.target === e.currentTarget && onClose()}
    >
      <div className="pu-modal-head">
        <h2>{title}</h2>
        <button type="button" className="pu-modal-close" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <div className="pu-modal-body">{children}</div>
      {footer && <div className="pu-modal-foot">{footer}</div>}
    </dialog>
  );
}

import { useEffect, useLayoutEffect, useRef, useState, type RefObject } from 'react';

export interface ToastItem {
  id: number;
  type: 'success' | 'error' | 'info';
  text: string;
}

// Module state: @portal/ui is a shared singleton, so every MFE's toast reaches the shell's one <Toaster/>.
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<(t: ToastItem[]) => void>();
const emit = () => listeners.forEach((l) => l(items));

const timers = new Map<number, ReturnType<typeof setTimeout>>();
/** More than this at once only hides the page; the oldest goes first. */
const MAX_TOASTS = 4;

/**
 * Shows a toast, or, when the same message of the same kind is already on screen, keeps that one and restarts its
 * timer: a double click or two failing calls give one toast, not a pile. A success replaces the errors still on
 * screen: what failed before has just worked (or the user moved on), so they no longer describe the page.
 */
function show(type: ToastItem['type'], text: string, ms = type === 'error' ? 8000 : 4000): number {
  const same = items.find((t) => t.type === type && t.text === text);
  const id = same?.id ?? nextId++;
  const stale = type === 'success' ? items.filter((t) => t.type === 'error') : [];
  for (const t of stale) {
    clearTimeout(timers.get(t.id));
    timers.delete(t.id);
  }
  if (!same || stale.length) {
    const kept = items.filter((t) => !stale.includes(t));
    items = (same ? kept : [...kept, { id, type, text }]).slice(-MAX_TOASTS);
    emit();
  }
  clearTimeout(timers.get(id));
  timers.set(
    id,
    setTimeout(() => dismiss(id), ms),
  );
  return id;
}

function dismiss(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  items = items.filter((t) => t.id !== id);
  emit();
}

export const toast = {
  success: (text: string) => show('success', text),
  error: (text: string) => show('error', text),
  info: (text: string) => show('info', text),
  dismiss,
};

/** Every change of the toasts on screen (the Toaster, and tests); returns the unsubscribe. */
export function onToasts(listener: (t: ToastItem[]) => void): () => void {
  listeners.add(listener);
  listener(items);
  return () => void listeners.delete(listener);
}

/** Modal.tsx says when a modal dialog opens or closes: the toasts follow it into (or out of) the top layer. */
export const MODAL_EVENT = 'pu:modal';

/**
 * Where the toasts sit: under the header, the side menu drawer and the user menu (z-index, styles.css), so they
 * never cover them. A modal <dialog> is in the browser's top layer above any z-index, so while one is open the toasts
 * go there too (a manual popover, shown after the dialog, is above it): a message about what the dialog just did is
 * seen, not hidden behind its backdrop until the dialog closes.
 */
function usePlacement(ref: RefObject<HTMLDivElement | null>, list: ToastItem[]) {
  const [modal, setModal] = useState(false);
  useEffect(() => {
    const check = () => setModal(!!document.querySelector('dialog:modal'));
    window.addEventListener(MODAL_EVENT, check);
    return () => window.removeEventListener(MODAL_EVENT, check);
  }, []);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el || typeof el.showPopover !== 'function') return;
    if (modal && list.length) {
      el.setAttribute('popover', 'manual');
      // shown again on every change, so it is above a dialog opened after it
      if (el.matches(':popover-open')) el.hidePopover();
      el.showPopover();
    } else if (el.hasAttribute('popover')) el.removeAttribute('popover');
  }, [ref, modal, list]);
}

/** Renders the live toasts; mounted once by the shell. */
export function Toaster() {
  const [list, setList] = useState<ToastItem[]>(items);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => onToasts(setList), []);
  usePlacement(ref, list);
  return (
    <div ref={ref} className="pu-toaster" aria-live="polite" data-testid="toaster">
      {list.map((t) => (
        <div
          key={t.id}
          className={`pu-toast pu-toast-${t.type}`}
          role={t.type === 'error' ? 'alert' : 'status'}
          data-testid="toast"
        >
          <span>{t.text}</span>
          <button type="button" aria-label="Dismiss" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}

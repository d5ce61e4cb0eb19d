import { useEffect, useState } from 'react';

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
 * timer: a double click or two failing calls give one toast, not a pile (issue 8).
 */
function show(type: ToastItem['type'], text: string, ms = type === 'error' ? 8000 : 4000): number {
  const same = items.find((t) => t.type === type && t.text === text);
  const id = same?.id ?? nextId++;
  if (!same) {
    items = [...items, { id, type, text }].slice(-MAX_TOASTS);
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

/** Renders the live toasts; mounted once by the shell. */
export function Toaster() {
  const [list, setList] = useState<ToastItem[]>(items);
  useEffect(() => {
    listeners.add(setList);
    return () => void listeners.delete(setList);
  }, []);
  return (
    <div className="pu-toaster" aria-live="polite">
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

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

function show(type: ToastItem['type'], text: string, ms = type === 'error' ? 8000 : 4000): number {
  const id = nextId++;
  items = [...items, { id, type, text }];
  emit();
  setTimeout(() => dismiss(id), ms);
  return id;
}

function dismiss(id: number): void {
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

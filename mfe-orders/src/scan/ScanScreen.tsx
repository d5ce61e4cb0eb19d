import { useEffect, useRef, useState } from 'react';
import { OrderMessages as M, SCAN_DEBOUNCE_MS, type Order } from '@portal/contracts';
import { SignaturePad, TextField, preloadSignaturePad, usePortal, useSessionUser } from '@portal/ui';
import { isRetryable, lastSegment, loadOrder } from './scan-api.js';
import { signal } from './feedback.js';
import { CameraScanner } from './CameraScanner.js';
import { OrderCard } from './OrderCard.js';
import { ScanActions, type ScanMode } from './ScanActions.js';
import { WaitingList } from './WaitingList.js';
import { useScanQueue } from './useScanQueue.js';
import './scan.css';

const TITLES: Record<ScanMode, [string, string]> = {
  checkin: ['Check In', 'Scan or type order barcodes as orders arrive at the facility.'],
  checkout: ['Check Out', 'Scan or type order barcodes to check orders out of the facility for delivery.'],
  driver: [
    'Scan',
    'Scan a label to mark the order picked up or delivered. Works offline: steps wait and are sent.',
  ],
};

/**
 * The barcode screen (orders §2 "Barcode screen"): "Scan barcode" takes the last path segment of a scanned
 * URL, waits 750 ms, loads the order ("Order not found" otherwise), and offers the mode's steps; the camera reads
 * labels on a phone; offline steps wait in the browser and are listed.
 */
export function ScanScreen({ mode }: { mode: ScanMode }) {
  const { api } = usePortal();
  const role = useSessionUser()?.role ?? 4;
  const [text, setText] = useState('');
  const [order, setOrder] = useState<Order | null>(null);
  /** Scanned while offline: the id only (steps are queued against it). */
  const [offlineId, setOfflineId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const seq = useRef(0);
  const queue = useScanQueue((s) => {
    if ('answer' in s && order && s.answer.data.order.id === order.id) setOrder(s.answer.data.order);
  });

  // the receiver's pad must open on a phone that has lost signal since the screen opened
  useEffect(preloadSignaturePad, []);

  const lookup = async (raw: string) => {
    const id = lastSegment(raw);
    if (!id) return;
    const mine = ++seq.current;
    setError(null);
    try {
      const o = await loadOrder(api, id);
      if (mine !== seq.current) return;
      setOrder(o);
      setOfflineId(null);
    } catch (e) {
      if (mine !== seq.current) return;
      setOrder(null);
      if (isRetryable(e) && !navigator.onLine) return setOfflineId(id);
      setOfflineId(null);
      setError(M.orderNotFound);
      signal(false);
    }
  };
  useEffect(() => {
    if (!text.trim()) return;
    const t = setTimeout(() => void lookup(text), SCAN_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [text]); // the debounce restarts on each keystroke only

  const focusInput = () => document.querySelector<HTMLInputElement>('[data-testid="scan-input"]')?.focus();
  const [title, intro] = TITLES[mode];
  const target = order
    ? { id: order.id, label: order.orderId }
    : offlineId
      ? { id: offlineId, label: offlineId }
      : null;
  return (
    <div className={`scan-screen scan-${mode}`} data-testid="scan-screen">
      <h1>{title}</h1>
      <p className="scan-muted">{intro}</p>
      <TextField
        label="Scan barcode"
        value={text}
        onChange={setText}
        onFocus={(e) => e.currentTarget.select()}
        autoFocus
        autoComplete="off"
        inputMode="text"
        enterKeyHint="go"
        testId="scan-input"
      />
      <CameraScanner onCode={(code) => (setText(code), void lookup(code))} />
      {error && (
        <p className="scan-error" role="alert" data-testid="scan-error">
          {error}
        </p>
      )}
      {offlineId && (
        <p className="scan-offline" data-testid="scan-offline-id">
          Offline: order {offlineId} cannot be loaded now; its steps wait and are sent when the network is
          back.
        </p>
      )}
      {order && <OrderCard order={order} role={role} />}
      {target && (
        <ScanActions
          mode={mode}
          role={role}
          order={order}
          target={target}
          add={queue.add}
          shown={setOrder}
          done={focusInput}
        />
      )}
      <WaitingList items={queue.items} online={queue.online} />
      {mode === 'driver' && (
        // the signature pad's chunk is fetched while online, so the receiver can sign when the network is gone
        <div hidden>
          <SignaturePad onSave={() => undefined} />
        </div>
      )}
    </div>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { toast, usePortal } from '@portal/ui';
import { enqueue, flush, queued, type Sent } from './offline-queue.js';
import type { ScanRequest } from './scan-api.js';
import { signal } from './feedback.js';

const RETRY_MS = 15_000;

/**
 * The waiting steps as screen state: listed, added to, and sent in order on 'online', on opening the screen and
 * every 15 s while some wait (navigator.onLine can say online while the network still fails). Each answer shows as
 * a toast ("Order delivered successfully!" or the refusal with its order).
 */
export function useScanQueue(onSent?: (s: Sent) => void) {
  const { api } = usePortal();
  const [items, setItems] = useState<ScanRequest[]>([]);
  const [online, setOnline] = useState(() => navigator.onLine);
  const sent = useRef(onSent);
  sent.current = onSent;
  const refresh = useCallback(async () => setItems(await queued()), []);
  const send = useCallback(async () => {
    if (!navigator.onLine) return;
    const results = await flush(api);
    await refresh();
    for (const s of results) {
      if ('answer' in s) {
        toast.success(`${s.request.label}: ${s.answer.message}`);
        if (s.answer.warning) toast.info(`${s.request.label}: ${s.answer.warning}`);
      } else toast.error(`${s.request.label}: ${s.error}`);
      signal('answer' in s);
      sent.current?.(s);
    }
  }, [api, refresh]);

  useEffect(() => {
    void refresh().then(send);
    const on = () => (setOnline(true), void send());
    const off = () => setOnline(false);
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, [refresh, send]);

  useEffect(() => {
    if (!items.length) return;
    const t = setInterval(() => void send(), RETRY_MS);
    return () => clearInterval(t);
  }, [items.length, send]);

  const add = useCallback(
    async (r: ScanRequest) => {
      await enqueue(r);
      await refresh();
    },
    [refresh],
  );
  return { items, online, add, send };
}

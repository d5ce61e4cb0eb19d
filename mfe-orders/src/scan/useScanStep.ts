import { useState } from 'react';
import type { Order } from '@portal/contracts';
import { errorText, toast, usePortal } from '@portal/ui';
import { gateOf, isRetryable, sendScan, type ScanRequest } from './scan-api.js';
import { signal } from './feedback.js';

export interface GateBlock {
  message: string;
  missing: string[];
  overridable: boolean;
  request: ScanRequest;
}

/**
 * Sends one step now, or queues it when offline (or when the server cannot be reached): the answer's order and
 * message on success; the gate's block (what is missing, may staff override) on its 409; any other refusal as a
 * toast. Sound and vibration either way.
 */
export function useScanStep(add: (r: ScanRequest) => Promise<void>, shown: (o: Order) => void) {
  const { api } = usePortal();
  const [busy, setBusy] = useState(false);
  const [gate, setGate] = useState<GateBlock | null>(null);
  const queue = async (r: ScanRequest) => {
    await add(r);
    signal(true);
    toast.info(`Offline: ${r.label} waits and is sent when the network is back.`);
    return 'queued' as const;
  };
  const run = async (r: ScanRequest): Promise<'done' | 'queued' | 'failed'> => {
    setGate(null);
    if (!navigator.onLine) return queue(r);
    setBusy(true);
    try {
      const a = await sendScan(api, r);
      shown(a.data.order);
      signal(!a.unchanged);
      if (a.unchanged) toast.info(a.message);
      else toast.success(a.message);
      if (a.warning) toast.info(a.warning);
      return 'done';
    } catch (e) {
      if (isRetryable(e)) return queue(r);
      const g = gateOf(e);
      if (g) setGate({ ...g, request: r });
      signal(false);
      toast.error(errorText(e));
      return 'failed';
    } finally {
      setBusy(false);
    }
  };
  return { run, busy, gate, clearGate: () => setGate(null) };
}

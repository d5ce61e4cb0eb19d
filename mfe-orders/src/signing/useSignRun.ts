import { useState } from 'react';
import { SIGNING_CONCURRENCY, SigningMessages as SM, type SignManifestBody } from '@portal/contracts';
import { ApiError, errorText, toast, usePortal } from '@portal/ui';
import { signManifest } from './signing-api.js';
import { askOnce, runLimited } from './sign-queue.js';

type Ask = (q: { title: string; text: string; confirm: string }) => Promise<boolean>;
export type SignPayload = Omit<SignManifestBody, 'ids' | 'confirmed'>;
export interface SignOutcome {
  signed: number;
  total: number;
  failures: { id: string; message: string }[];
}

/**
 * Signs each order with its own call, two at a time (orders §9), with progress. A driver's signature on an order
 * already delivered, exception or rejected comes back 409 with the spec's question (§4): it is asked once for the
 * whole run and, on yes, the order is sent again with `confirmed`; on no it stays as it was.
 */
export function useSignRun(ask: Ask) {
  const { api } = usePortal();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);

  const run = async (ids: string[], payload: SignPayload): Promise<SignOutcome> => {
    const backToTransit = askOnce(() =>
      ask({ title: 'Put back In Transit?', text: SM.backToTransit, confirm: 'Yes, sign' }),
    );
    const one = async (id: string) => {
      try {
        return await signManifest(api, { ...payload, ids: [id] });
      } catch (e) {
        if (!(e instanceof ApiError && e.status === 409 && e.message === SM.backToTransit)) throw e;
        if (!(await backToTransit())) throw new Error(SM.canceled);
        return signManifest(api, { ...payload, ids: [id], confirmed: true });
      }
    };
    setProgress({ done: 0, total: ids.length });
    const results = await runLimited(ids, SIGNING_CONCURRENCY, one, (done, total) =>
      setProgress({ done, total }),
    );
    setProgress(null);
    const failures = results.filter((r) => !r.ok).map((r) => ({ id: r.item, message: errorText(r.error) }));
    const outcome = { signed: ids.length - failures.length, total: ids.length, failures };
    const text = SM.signed(outcome.signed, outcome.total);
    if (!failures.length) toast.success(text);
    else toast.error(`${text}. ${[...new Set(failures.map((f) => f.message))].join(' ')}`);
    return outcome;
  };
  return { run, progress };
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  adminDayConfirmations,
  OrderMessages as M,
  type Order,
  type OrderDataInput,
} from '@portal/contracts';
import { ApiError, errorText, serverMessage, toast, usePortal } from '@portal/ui';
import { createOrder, ORDERS_KEY, orderKey, updateOrder } from '../api.js';
import { BLUR_SAVED, type Draft } from './draft.js';
import { changedData, coreOf, dataOf, forCaller } from './payload.js';
import type { FormState } from './useOrderForm.js';

/** Text edits on an existing order save this long after the last blur (orders §9: 800 ms in lists and forms). */
export const SAVE_ON_BLUR_MS = 800;

type Ask = (q: { title: string; text: string; confirm: string }) => Promise<boolean>;

/** A 409 version conflict's message ("This order was changed by {name}; reload"), else null. */
export const conflictOf = (e: unknown) =>
  e instanceof ApiError && e.status === 409 && /changed by/i.test(e.message) ? e.message : null;

/**
 * Saving the order form: Submit (create or update with the §5 confirmations), and save-on-blur of text edits on an
 * existing order (debounced, orders §9), each carrying the version read so two editors never overwrite each other
 * silently: a 409 shows "This order was changed by {name}; reload" with a Reload action.
 */
export function useOrderSave(
  form: FormState,
  order: Order | null,
  ask: Ask,
  onSaved: (o: Order, created: boolean) => void,
) {
  const { api } = usePortal();
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const current = useRef<Order | null>(order);
  current.current =
    current.current && order && current.current.version > order.version ? current.current : order;
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);

  const stored = (o: Order) => {
    current.current = o;
    qc.setQueryData(orderKey(o.id), o);
    void qc.invalidateQueries({ queryKey: [...ORDERS_KEY, 'list'] });
    void qc.invalidateQueries({ queryKey: [...ORDERS_KEY, 'history', o.id] });
  };
  const failed = (e: unknown) => {
    const c = conflictOf(e);
    const fields = e instanceof ApiError ? (e.body as { errors?: unknown } | undefined)?.errors : undefined;
    if (fields && typeof fields === 'object') form.serverErrors(fields as Record<string, string>);
    if (c) setConflict(c);
    else if (order) toast.error(M.updateFailed(errorText(e)));
    else {
      // orders §8: the server's text when it gave one, else the bare "Order creation failed!" (not a status line)
      const said = e instanceof ApiError ? serverMessage(e.body, '') : errorText(e);
      toast.error(said ? M.createFailedWith(said) : M.createFailed);
    }
  };

  const send = async (data: OrderDataInput) => {
    const o = current.current!;
    const { order: saved, warning } = await updateOrder(api, o, forCaller(data, form.staff, form.driver));
    stored(saved);
    if (warning) toast.info(warning); // the custody gate is advisory: what was missing is in the ledger
    return saved;
  };

  /** Blur of a text field on an existing order: only the blur-saved text fields go, 800 ms after the last blur. */
  const blurSave = useCallback(
    (draft: Draft) => {
      if (!order || !form.base || conflict) return;
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        const textOnly = { ...form.base! };
        for (const k of BLUR_SAVED) (textOnly as Record<string, unknown>)[k] = draft[k];
        const data = changedData(form.base!, textOnly, form.methodText);
        if (!Object.keys(data).length) return;
        const errs = Object.keys(data.order ?? {}).filter((k) => form.errors[k]);
        if (errs.length) return; // an invalid text waits for Submit, which shows why
        send(data).then(
          (o) => form.rebase(o),
          (e) => failed(e),
        );
      }, SAVE_ON_BLUR_MS);
    },
    [order, form, conflict],
  );

  /** Submit; `quiet` for a one-click action that toasts its own message (check in/out). */
  const submit = async (extra?: OrderDataInput['order'], quiet = false) => {
    form.showAll();
    if (Object.keys(form.errors).length) {
      toast.error(M.fixErrors);
      return null;
    }
    if (form.staff) {
      // every day is a route day in the all-available mode; the pickup day is the licence's pickup route's
      const asks = adminDayConfirmations(coreOf(form.draft), {
        delivery: form.draft.showAllRoutes ? undefined : form.allowedDays,
        pickup: form.pickupDays,
      });
      for (const text of asks)
        if (!(await ask({ title: 'Route day', text, confirm: 'Save anyway' }))) return null;
    }
    if (
      form.driver &&
      !(await ask({ title: 'Update order', text: M.confirmDriverUpdate, confirm: 'Update' }))
    )
      return null;
    clearTimeout(timer.current);
    setBusy(true);
    try {
      if (!order) {
        const o = await createOrder(
          api,
          forCaller(dataOf(form.draft, form.methodText), form.staff, form.driver),
        );
        stored(o);
        toast.success(M.created);
        onSaved(o, true);
        return o;
      }
      const data = changedData(form.base!, form.draft, form.methodText);
      if (extra) data.order = { ...data.order, ...extra };
      const o = Object.keys(forCaller(data, form.staff, form.driver)).length
        ? await send(data)
        : current.current!;
      form.rebase(o);
      if (!quiet) toast.success(M.updated);
      onSaved(o, false);
      return o;
    } catch (e) {
      failed(e);
      return null;
    } finally {
      setBusy(false);
    }
  };

  return {
    submit,
    blurSave,
    busy,
    conflict,
    showConflict: setConflict,
    clearConflict: () => setConflict(null),
    current,
  };
}

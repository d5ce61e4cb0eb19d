import { useState, type FormEvent } from 'react';
import {
  canSeeOrderStatusFields,
  needsSignature,
  signatureAutoFill,
  orderBanners,
  OrderMessages as M,
  OrderStatus,
  Role,
  type Order,
  type OrderCoreInput,
} from '@portal/contracts';
import { Alert, Button, toast, usePortal, type LicenceOption } from '@portal/ui';
import { useConfirm } from '../parts/useConfirm.js';
import { BulkUpload } from '../bulk/BulkUpload.js';
import { CancelDialog } from './CancelDialog.js';
import { DateFields } from './DateFields.js';
import { FormActions } from './FormActions.js';
import { HistoryPanel } from './HistoryPanel.js';
import { CustodyPanel } from '../custody/CustodyPanel.js';
import { PaperDeliveryDialog } from '../custody/PaperDeliveryDialog.js';
import { ManifestPanel } from '../manifests/ManifestPanel.js';
import { SignManifestButton } from '../signing/SignManifestButton.js';
import { PartyFields } from './PartyFields.js';
import { DetailFields, StatusFields } from './StatusFields.js';
import { BLUR_SAVED, type Draft } from './draft.js';
import type { Me } from './profile.js';
import { signatureOf, useOrderActions } from './useOrderActions.js';
import { useOrderForm } from './useOrderForm.js';
import { useDestination } from './useDestination.js';
import { useOrderSave } from './useOrderSave.js';
import './form.css';

export interface OrderFormProps {
  me: Me;
  order: Order | null;
  /** After a save or an action; `created` on a new order. */
  onSaved: (o: Order, created: boolean) => void;
  onBack: () => void;
  onReload: () => Promise<Order | null>;
  /** The page (not the modal) shows the bulk upload area on a new order. */
  withBulk?: boolean;
}

/**
 * The order form (orders §2, §4, §5), one component for the Create Order page, the admin page and the Edit Order
 * modal. Rules run live from @portal/contracts (the service's own checks); the server stays the truth and its
 * message is shown as the spec says.
 */
export function OrderForm({ me, order, onSaved, onBack, onReload, withBulk }: OrderFormProps) {
  const { config } = usePortal();
  const { ask, dialog } = useConfirm();
  const [dest, setDest] = useState<LicenceOption | null>(() =>
    order?.data.order.destinationLN
      ? { 'License #': order.data.order.destinationLN, Licensee: order.data.destCompany?.Licensee }
      : null,
  );
  const [destTyped, setDestTyped] = useState(false);
  const [sigPatch, setSigPatch] = useState<OrderCoreInput['signature'] | null>(null);
  const [cancelling, setCancelling] = useState(false);
  const [paper, setPaper] = useState(false);
  const [live, setLive] = useState<Order | null>(order);
  const form = useOrderForm(me, live, dest ? true : destTyped ? false : undefined);
  const destination = useDestination(form, config['orders.editAddress'] === true);
  const after = (o: Order, created: boolean) => {
    setLive(o);
    setSigPatch(null);
    onSaved(o, created);
  };
  const save = useOrderSave(form, live, ask, after);
  const actions = useOrderActions(
    me,
    () => save.current.current,
    ask,
    (extra, quiet) => save.submit(extra, quiet),
    (o) => {
      setLive(o);
      form.reset(o);
      setCancelling(false);
      setPaper(false);
    },
    (message) => {
      setCancelling(false);
      save.showConflict(message);
    },
  );
  const canSeeStatus = canSeeOrderStatusFields(form.role);
  const sameDayOffered = form.staff || config['orders.hasSameDay'] === true || !!me.sameDayPickup;

  const onBlur = (k: keyof Draft) => {
    form.touch(k === 'invoice' ? 'billingInvoice' : k);
    if (live && (BLUR_SAVED as readonly string[]).includes(k)) save.blurSave(form.draft);
  };
  const onDest = (o: LicenceOption | null, text?: string) => {
    setDest(o);
    if (o) {
      setDestTyped(false);
      void destination.chosen(o);
    } else if (text !== undefined) {
      setDestTyped(text.trim() !== '');
      destination.dropped(text);
    }
    form.touch('destinationLN');
  };
  const onStatus = (s: string) => {
    // orders §4: a driver's status carries their signature (the shared rule says which slot).
    if (needsSignature(form.role, Number(s))) {
      const sig = signatureOf(me);
      if (!sig) return toast.error(`${M.noSignature} ${M.setupSignature}`);
      const fill = signatureAutoFill(form.role, Number(s), sig, new Date());
      setSigPatch({ ...(live?.data.order.signature ?? {}), ...sigPatch, ...fill });
    }
    form.set('status', s);
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void save.submit(sigPatch ? { signature: sigPatch } : undefined);
  };
  const reload = async () => {
    const o = await onReload();
    if (o) {
      setLive(o);
      form.reset(o);
    }
    save.clearConflict();
  };
  const banners = orderBanners(form.shown, form.allowedDays);

  return (
    <>
      <form className="ord-form" onSubmit={submit} noValidate data-testid="order-form">
        {save.conflict && (
          <Alert type="error" testId="order-conflict">
            {save.conflict}{' '}
            <Button variant="link" onClick={() => void reload()} data-testid="order-reload">
              Reload
            </Button>
          </Alert>
        )}
        {live && live.deleted !== 0 && (
          <Alert type="warning" testId="order-deleted">
            {live.deleted === 2 || live.data.order.status === OrderStatus.cancelled
              ? M.orderCancelled
              : M.orderDeleted}
            {live.cancelReason ? ` Reason: ${live.cancelReason}.` : ''}
          </Alert>
        )}
        {banners.length > 0 && (
          <Alert type="error" testId="order-banner">
            {banners.map((b) => (
              <div key={b}>{b}</div>
            ))}
          </Alert>
        )}
        <PartyFields
          form={form}
          sameDayOffered={sameDayOffered}
          editAddress={config['orders.editAddress'] === true}
          dest={dest}
          onDest={onDest}
          onBlur={onBlur}
        />
        <DateFields form={form} onBlur={onBlur} />
        {canSeeStatus && live && (
          <StatusFields
            form={form}
            onBlur={onBlur}
            onStatus={onStatus}
            signatures={{ ...live.data.order.signature, ...sigPatch }}
          />
        )}
        <DetailFields form={form} onBlur={onBlur} />
        <FormActions
          order={live}
          role={form.role}
          busy={save.busy}
          weight={form.draft.weight}
          onPickedUp={() => void actions.pickedUp()}
          onPaperDelivery={() => setPaper(true)}
          onCheck={(kind) => void actions.check(kind, form.draft.weight)}
          onCancel={() => setCancelling(true)}
          onDelete={() => void actions.remove()}
          onUndelete={() => void actions.undelete()}
          onBack={onBack}
          onLabelsPrinted={(v) => setLive((o) => (o ? { ...o, version: v } : o))}
        />
        <CancelDialog open={cancelling} onCancel={actions.cancel} onClose={() => setCancelling(false)} />
        {dialog}
      </form>
      {live && paper && (
        <PaperDeliveryDialog order={live} onRecord={actions.paperDelivered} onClose={() => setPaper(false)} />
      )}
      {live && <ManifestPanel order={live} role={form.role} onUploaded={() => void reload()} />}
      {live && <SignManifestButton order={live} me={me} onSigned={() => void reload()} />}
      {live && <HistoryPanel id={live.id} version={live.version} />}
      {live && <CustodyPanel id={live.id} version={live.version} />}
      {withBulk && !live && me.role !== Role.Driver && <BulkUpload />}
    </>
  );
}

import { useState } from 'react';
import {
  OrderMessages as M,
  OrderStatus,
  isStaff,
  type Order,
  type ReceiverSignature,
} from '@portal/contracts';
import { Alert, Button, Modal, SignaturePad, TextField } from '@portal/ui';
import { useConfirm } from '../parts/useConfirm.js';
import { newScanId, STEP_LABELS, type ScanBody, type ScanRequest, type ScanStep } from './scan-api.js';
import { useScanStep } from './useScanStep.js';

export type ScanMode = 'checkin' | 'checkout' | 'driver';

interface Props {
  mode: ScanMode;
  role: number;
  order: Order | null;
  /** The order the steps go to (loaded, or only scanned while offline). */
  target: { id: string; label: string };
  add: (r: ScanRequest) => Promise<void>;
  shown: (o: Order) => void;
  done: () => void;
}

const BEFORE_PICKUP: number[] = [OrderStatus.received, OrderStatus.approved];
const ON_THE_ROAD: number[] = [OrderStatus.pickedUp, OrderStatus.inTransit, OrderStatus.exception];

/**
 * The mode's steps as large buttons (orders §4, §6): Check In / Remove Check In; Check Out / Remove Check Out after
 * the box/bundle count confirmation (it sets the weight); the driver's Order Picked Up (confirmed; the profile
 * signature) and Delivered (the receiver signs on this phone). A gate block names what is missing; staff may
 * override it with a reason.
 */
export function ScanActions({ mode, role, order, target, add, shown, done }: Props) {
  const step = useScanStep(add, shown);
  const { ask, dialog } = useConfirm('scan-confirm');
  const [boxes, setBoxes] = useState<string | null>(null);
  const [receiver, setReceiver] = useState<ReceiverSignature | null>(null);
  const [signing, setSigning] = useState(false);
  const [reason, setReason] = useState('');
  const o = order?.data.order;

  const send = async (s: ScanStep, extra: Omit<ScanBody, 'id' | 'scanId'> = {}) => {
    const label = `${target.label} · ${STEP_LABELS[s][extra.undo ? 1 : 0]}`;
    const body = { id: target.id, scanId: newScanId(), ...extra };
    const r = await step.run({ step: s, body, label, queuedAt: new Date().toISOString() });
    setBoxes(null); // a refusal shows beside the order (the gate's override), not under the dialog
    if (r !== 'failed') {
      setSigning(false);
      setReceiver(null);
    }
    done();
  };
  const pickedUp = async () => {
    if (await ask({ title: 'Order Picked Up', text: M.confirmPickedUp, confirm: 'Picked up' }))
      await send('pickedup');
  };
  const override = () => {
    const g = step.gate!;
    void step.run({ ...g.request, body: { ...g.request.body, override: { reason: reason.trim() } } });
  };
  const big = { className: 'scan-btn', disabled: step.busy };

  return (
    <section className="scan-actions" aria-label="Steps" data-testid="scan-actions">
      {mode === 'checkin' &&
        (o?.checkedin ? (
          <Button {...big} onClick={() => send('checkin', { undo: true })} data-testid="scan-checkin-remove">
            Remove Check In
          </Button>
        ) : (
          <Button {...big} variant="primary" onClick={() => send('checkin')} data-testid="scan-checkin">
            Check In
          </Button>
        ))}
      {mode === 'checkout' &&
        (o?.checkedout ? (
          <Button
            {...big}
            onClick={() => send('checkout', { undo: true })}
            data-testid="scan-checkout-remove"
          >
            Remove Check Out
          </Button>
        ) : (
          <Button
            {...big}
            variant="primary"
            onClick={() => setBoxes(o?.weight || '1')}
            data-testid="scan-checkout"
          >
            Check Out
          </Button>
        ))}
      {mode === 'driver' && (!o || BEFORE_PICKUP.includes(o.status)) && (
        <Button {...big} variant="primary" onClick={pickedUp} data-testid="scan-pickedup">
          Order Picked Up
        </Button>
      )}
      {mode === 'driver' && (!o || ON_THE_ROAD.includes(o.status)) && (
        <Button {...big} variant="primary" onClick={() => setSigning(true)} data-testid="scan-delivered">
          Delivered
        </Button>
      )}
      {signing && (
        <div className="scan-receiver" data-testid="scan-receiver">
          <SignaturePad
            label="Receiver's signature"
            value={receiver?.image ?? null}
            name={receiver?.name ?? ''}
            onSave={(v) => setReceiver({ name: v.name, image: v.image })}
            testId="scan-receiver-sig"
          />
          <Button
            {...big}
            variant="primary"
            disabled={step.busy || !receiver}
            onClick={() => receiver && send('delivered', { signature: receiver })}
            data-testid="scan-delivered-submit"
          >
            Mark Delivered
          </Button>
        </div>
      )}
      {step.gate && (
        <Alert type="error" testId="scan-gate">
          <p data-testid="scan-gate-message">{step.gate.message}</p>
          {step.gate.overridable && isStaff(role as never) && (
            <div className="scan-override">
              <TextField
                label="Override reason"
                value={reason}
                onChange={setReason}
                testId="scan-override-reason"
              />
              <Button
                {...big}
                variant="danger"
                disabled={step.busy || reason.trim().length < 3}
                onClick={override}
                data-testid="scan-override"
              >
                Override and continue
              </Button>
            </div>
          )}
        </Alert>
      )}
      <Modal
        open={boxes !== null}
        title="Check Out Order"
        onClose={() => setBoxes(null)}
        testId="scan-boxes"
        footer={
          <>
            <Button onClick={() => setBoxes(null)} data-testid="scan-boxes-no">
              Cancel
            </Button>
            <Button
              variant="primary"
              disabled={!/^\d{1,6}$/.test(boxes ?? '') || Number(boxes) < 1}
              onClick={() => send('checkout', { weight: boxes ?? '1' })}
              data-testid="scan-boxes-yes"
            >
              Confirm
            </Button>
          </>
        }
      >
        <p>{M.confirmBoxCount}</p>
        <TextField
          label="Box/bundle count"
          type="number"
          min={1}
          inputMode="numeric"
          value={boxes ?? ''}
          onChange={setBoxes}
          testId="scan-boxes-count"
        />
      </Modal>
      {dialog}
    </section>
  );
}

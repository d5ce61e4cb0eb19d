import { useEffect, useId, useRef, useState } from 'react';
import type SignaturePadLib from 'signature_pad';
import { SIGNATURE_CANVAS } from '@portal/contracts';
import { Button } from './Button.js';
import { Modal } from './Modal.js';
import { useSignatureCanvas } from './useSignatureCanvas.js';
import {
  SIGN_PAD_DELAY_MS,
  drawTextSignature,
  type SignaturePadProps,
  type SignatureValue,
} from './signature.js';

/** The PNG the form stores: always SIGNATURE_CANVAS-sized, whatever the screen's pixel ratio was. */
function exportImage(pad: SignaturePadLib | null, source: HTMLCanvasElement, name: string): string {
  const out = document.createElement('canvas');
  out.width = SIGNATURE_CANVAS.width;
  out.height = SIGNATURE_CANVAS.height;
  if (pad && !pad.isEmpty()) out.getContext('2d')?.drawImage(source, 0, 0, out.width, out.height);
  else drawTextSignature(out, name);
  return out.toDataURL('image/png');
}

/**
 * The pad inside the dialog: `signature_pad` draws pressure- and velocity-smoothed strokes from pointer events
 * (mouse, touch, pen). The canvas backing store follows its CSS size × devicePixelRatio, so strokes stay sharp on
 * high-DPI phones; strokes survive a resize (rotation) because they are replayed from the pad's point data.
 */
function SignCanvas({
  initialName,
  onDone,
  onCancel,
  testId,
}: {
  initialName: string;
  onDone(v: SignatureValue): void;
  onCancel(): void;
  testId?: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [drawn, setDrawn] = useState(false);
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();
  const pad = useSignatureCanvas(canvas, () => (setDrawn(true), setError(null)));

  const clear = () => {
    pad.current?.clear();
    setDrawn(false);
  };
  const save = () => {
    if (!canvas.current) return;
    if (!drawn && !name.trim()) return setError('Draw your signature or type your name.');
    onDone({
      image: exportImage(drawn ? pad.current : null, canvas.current, name.trim()),
      name: name.trim(),
    });
  };

  return (
    <div className="pu-sigpad" data-testid={testId ? `${testId}-dialog` : undefined}>
      <div className="pu-field">
        <label htmlFor={nameId}>Name</label>
        <input
          id={nameId}
          className="pu-input"
          autoFocus
          value={name}
          onChange={(e) => setName(e.target.value)}
          data-testid={testId ? `${testId}-name` : undefined}
        />
      </div>
      {/* The border sits on a wrapper: the canvas's own box is exactly its drawing area (600 × 120 at ratio 1). */}
      <div
        style={{
          maxWidth: SIGNATURE_CANVAS.width + 2,
          border: '1px dashed var(--pu-border, #bbb)',
          borderRadius: 6,
        }}
      >
        <canvas
          ref={canvas}
          width={SIGNATURE_CANVAS.width}
          height={SIGNATURE_CANVAS.height}
          aria-label="Signature pad: draw with a mouse, finger or pen, or leave it empty to sign with your typed name"
          role="img"
          data-testid={testId ? `${testId}-canvas` : undefined}
          style={{
            width: '100%',
            aspectRatio: `${SIGNATURE_CANVAS.width} / ${SIGNATURE_CANVAS.height}`,
            background: '#fff',
            touchAction: 'none',
            display: 'block',
            cursor: 'crosshair',
          }}
        />
      </div>
      <p className="pu-muted" style={{ fontSize: 13, margin: '6px 0' }}>
        {drawn ? 'Drawn signature.' : 'Leave the pad empty to sign with your typed name.'}
      </p>
      {error && (
        <div className="pu-field-error" role="alert">
          {error}
        </div>
      )}
      <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end', flexWrap: 'wrap', marginTop: 8 }}>
        <Button onClick={clear} data-testid={testId ? `${testId}-clear` : undefined}>
          Clear
        </Button>
        <Button onClick={onCancel} data-testid={testId ? `${testId}-cancel` : undefined}>
          Cancel
        </Button>
        <Button variant="primary" onClick={save} data-testid={testId ? `${testId}-save` : undefined}>
          Save Signature
        </Button>
      </div>
    </div>
  );
}

/**
 * A signature field (accounts §2, §4, §9): a preview and a Sign button; the dialog opens after 250 ms and holds a
 * 600 × 120 canvas. Save returns a PNG data URL; an empty pad renders the typed name as a text signature.
 */
export function SignaturePad({
  value,
  name = '',
  onSave,
  label = 'Signature',
  disabled,
  testId,
}: SignaturePadProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const opener = useRef<HTMLButtonElement>(null);
  useEffect(() => () => clearTimeout(timer.current), []);
  const close = () => setOpen(false);
  // Keyboard users land back on the Sign button once the dialog is gone (the page behind it is inert until then).
  const wasOpen = useRef(false);
  useEffect(() => {
    if (wasOpen.current && !open) opener.current?.focus();
    wasOpen.current = open;
  }, [open]);

  const start = () => {
    setPending(true);
    timer.current = setTimeout(() => {
      setPending(false);
      setOpen(true);
    }, SIGN_PAD_DELAY_MS);
  };
  const done = async (v: SignatureValue) => {
    close();
    await onSave(v);
  };

  return (
    <div className="pu-field" data-testid={testId}>
      <span style={{ fontWeight: 500, fontSize: 14 }}>{label}</span>
      <div
        style={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          minHeight: 64,
          maxWidth: SIGNATURE_CANVAS.width,
          border: '1px solid var(--pu-border, #ccc)',
          borderRadius: 6,
          background: '#fff',
          padding: 4,
        }}
      >
        {value ? (
          <img
            src={value}
            alt={`${label} of ${name || 'this user'}`}
            style={{ maxWidth: '100%', maxHeight: 96 }}
            data-testid={testId ? `${testId}-image` : undefined}
          />
        ) : (
          <span className="pu-muted">No signature yet.</span>
        )}
      </div>
      <div>
        <button
          ref={opener}
          type="button"
          className="pu-btn pu-btn-secondary pu-btn-md"
          onClick={start}
          disabled={disabled || pending}
          data-testid={testId ? `${testId}-open` : undefined}
        >
          {value ? 'Change Signature' : 'Sign'}
        </button>
      </div>
      <Modal open={open} title={label} onClose={close} width={SIGNATURE_CANVAS.width + 40}>
        <SignCanvas initialName={name} onDone={(v) => void done(v)} onCancel={close} testId={testId} />
      </Modal>
    </div>
  );
}

import {
  useEffect,
  useId,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
  type ReactNode,
} from 'react';
import { SIGNATURE_CANVAS } from '@portal/contracts';
import { Button } from './Button.js';
import { createPortal } from 'react-dom';

/** The spec's delay before the sign-pad dialog opens (accounts §9). */
export const SIGN_PAD_DELAY_MS = 250;

export interface SignatureValue {
  /** A PNG data URL (drawn strokes, or the typed name rendered as text when nothing was drawn). */
  image: string;
  name: string;
}

export interface SignaturePadProps {
  /** The current signature image (data URL or stored URL), shown as a preview. */
  value?: string | null;
  /** The typed name: prefilled in the dialog and rendered as a text signature when the pad is left empty. */
  name?: string;
  onSave(sig: SignatureValue): void | Promise<void>;
  label?: string;
  disabled?: boolean;
  testId?: string;
}

/** Renders `name` as a handwriting-style text signature on the canvas (the empty-pad fallback, accounts §4). */
export function drawTextSignature(canvas: HTMLCanvasElement, name: string): void {
  const ctx = canvas.getContext('2d');
  if (!ctx) return;
  ctx.clearRect(0, 0, canvas.width, canvas.height);
  let size = Math.round(canvas.height * 0.5);
  ctx.fillStyle = '#1a1a2e';
  ctx.textBaseline = 'middle';
  ctx.textAlign = 'center';
  const font = (s: number) => `italic ${s}px "Brush Script MT", "Segoe Script", cursive`;
  ctx.font = font(size);
  while (size > 10 && ctx.measureText(name).width > canvas.width - 24) ctx.font = font((size -= 2));
  ctx.fillText(name, canvas.width / 2, canvas.height / 2);
}

/** The pad inside the dialog: pointer events (mouse, touch, pen) draw strokes; Clear empties it. */
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
  const drawing = useRef(false);
  const [drawn, setDrawn] = useState(false);
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const nameId = useId();

  const point = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const c = e.currentTarget;
    const r = c.getBoundingClientRect();
    return { x: ((e.clientX - r.left) * c.width) / r.width, y: ((e.clientY - r.top) * c.height) / r.height };
  };
  const down = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    const ctx = e.currentTarget.getContext('2d');
    if (!ctx) return;
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drawing.current = true;
    const p = point(e);
    ctx.lineWidth = 2.5;
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.strokeStyle = '#1a1a2e';
    ctx.beginPath();
    ctx.moveTo(p.x, p.y);
    ctx.lineTo(p.x + 0.1, p.y + 0.1);
    ctx.stroke();
    setDrawn(true);
    setError(null);
  };
  const move = (e: ReactPointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const ctx = e.currentTarget.getContext('2d');
    const p = point(e);
    ctx?.lineTo(p.x, p.y);
    ctx?.stroke();
  };
  const up = () => {
    drawing.current = false;
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setDrawn(false);
  };
  const save = () => {
    const c = canvas.current;
    if (!c) return;
    if (!drawn) {
      if (!name.trim()) return setError('Draw your signature or type your name.');
      drawTextSignature(c, name.trim());
    }
    onDone({ image: c.toDataURL('image/png'), name: name.trim() });
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
      <canvas
        ref={canvas}
        width={SIGNATURE_CANVAS.width}
        height={SIGNATURE_CANVAS.height}
        aria-label="Signature pad: draw with a mouse, finger or pen, or leave it empty to sign with your typed name"
        role="img"
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={up}
        onPointerLeave={up}
        data-testid={testId ? `${testId}-canvas` : undefined}
        style={{
          width: '100%',
          maxWidth: SIGNATURE_CANVAS.width,
          aspectRatio: `${SIGNATURE_CANVAS.width} / ${SIGNATURE_CANVAS.height}`,
          border: '1px dashed var(--pu-border, #bbb)',
          borderRadius: 6,
          background: '#fff',
          touchAction: 'none',
          display: 'block',
          cursor: 'crosshair',
        }}
      />
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

/** The design system's dialog frame, wide enough for the 600 px canvas (Escape or the backdrop closes it). */
function SignDialog({ title, onClose, children }: { title: string; onClose(): void; children: ReactNode }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return createPortal(
    <div className="pu-modal-backdrop" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        className="pu-modal"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        style={{ width: SIGNATURE_CANVAS.width + 40 }}
      >
        <div className="pu-modal-head">
          <h2>{title}</h2>
          <button type="button" className="pu-modal-close" aria-label="Close" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="pu-modal-body">{children}</div>
      </div>
    </div>,
    document.body,
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
  const close = () => {
    setOpen(false);
    opener.current?.focus(); // keyboard users land back on the Sign button
  };

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
      {open && (
        <SignDialog title={label} onClose={close}>
          <SignCanvas initialName={name} onDone={(v) => void done(v)} onCancel={close} testId={testId} />
        </SignDialog>
      )}
    </div>
  );
}

import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';
import SignaturePad from 'signature_pad';
import { SIGNATURE_CANVAS } from '@portal/contracts';

export interface SignCanvasHandle {
  isEmpty(): boolean;
  clear(): void;
  /** The strokes as a PNG data URL, always SIGNATURE_CANVAS-sized (600 × 120) whatever the screen's pixel ratio. */
  toPng(): string;
}

/**
 * The drawing surface of the manifest pad (orders §9: width 600, height 20% of the width): `signature_pad` draws
 * smoothed strokes from mouse, touch and pen; the backing store follows the CSS size × devicePixelRatio so strokes
 * stay sharp on phones, and survive a resize (rotation) by replaying the pad's points.
 */
export const SignCanvas = forwardRef<SignCanvasHandle, { onBegin?: () => void }>(function SignCanvas(
  { onBegin },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useRef<SignaturePad | null>(null);
  useImperativeHandle(ref, () => ({
    isEmpty: () => !pad.current || pad.current.isEmpty(),
    clear: () => pad.current?.clear(),
    toPng: () => {
      const out = document.createElement('canvas');
      out.width = SIGNATURE_CANVAS.width;
      out.height = SIGNATURE_CANVAS.height;
      if (canvas.current) out.getContext('2d')?.drawImage(canvas.current, 0, 0, out.width, out.height);
      return out.toDataURL('image/png');
    },
  }));
  useEffect(() => {
    const c = canvas.current!;
    const p = new SignaturePad(c, { penColor: '#1a1a2e', minWidth: 1, maxWidth: 3 });
    pad.current = p;
    const begin = () => onBegin?.();
    p.addEventListener('beginStroke', begin);
    const fit = () => {
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      const w = Math.round(c.clientWidth * ratio);
      const h = Math.round(c.clientHeight * ratio);
      if (!w || !h || (c.width === w && c.height === h)) return;
      const strokes = p.toData();
      c.width = w;
      c.height = h;
      c.getContext('2d')?.scale(ratio, ratio);
      p.fromData(strokes);
    };
    const observer = new ResizeObserver(fit);
    observer.observe(c);
    return () => {
      observer.disconnect();
      p.removeEventListener('beginStroke', begin);
      p.off();
    };
  }, [onBegin]);
  return (
    <div className="sgn-canvas-box">
      <canvas
        ref={canvas}
        width={SIGNATURE_CANVAS.width}
        height={SIGNATURE_CANVAS.height}
        className="sgn-canvas"
        role="img"
        aria-label="Signature pad: draw your signature with a mouse, finger or pen"
        data-testid="sign-manifests-canvas"
      />
    </div>
  );
});

import { forwardRef, useImperativeHandle, useRef } from 'react';
import { useSignatureCanvas } from '@portal/ui';
import { SIGNATURE_CANVAS } from '@portal/contracts';

export interface SignCanvasHandle {
  isEmpty(): boolean;
  clear(): void;
  /** The strokes as a PNG data URL, always SIGNATURE_CANVAS-sized (600 × 120) whatever the screen's pixel ratio. */
  toPng(): string;
}

/**
 * The drawing surface of the manifest pad (orders §9: width 600, height 20% of the width), on @portal/ui's
 * useSignatureCanvas (signature_pad, sharp on phones, strokes kept across a resize).
 */
export const SignCanvas = forwardRef<SignCanvasHandle, { onBegin?: () => void }>(function SignCanvas(
  { onBegin },
  ref,
) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const pad = useSignatureCanvas(canvas, onBegin);
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

import { useEffect, useRef, type RefObject } from 'react';
import type SignaturePadLib from 'signature_pad';

/**
 * `signature_pad` on a canvas: pressure- and velocity-smoothed strokes from pointer events (mouse, touch, pen). The
 * canvas backing store follows its CSS size × devicePixelRatio, so strokes stay sharp on high-DPI phones, and they
 * survive a resize (rotation, a dialog laid out late) because they are replayed from the pad's point data.
 * `onBegin` runs when a stroke starts (read through a ref: a new callback does not rebuild the pad or lose strokes).
 * The library is fetched when the first pad mounts (the ref is null until then), not with every page that imports
 * @portal/ui: /login and the lists never draw a signature.
 */
export function useSignatureCanvas(
  canvas: RefObject<HTMLCanvasElement | null>,
  onBegin?: () => void,
): RefObject<SignaturePadLib | null> {
  const pad = useRef<SignaturePadLib | null>(null);
  const begin = useRef(onBegin);
  begin.current = onBegin;
  useEffect(() => {
    const c = canvas.current!;
    let stop = false;
    let release = () => {};
    void import(/* webpackChunkName: "signature-pad" */ 'signature_pad').then(({ default: Pad }) => {
      if (stop) return;
      const p = new Pad(c, { penColor: '#1a1a2e', minWidth: 1, maxWidth: 3 });
      pad.current = p;
      const started = () => begin.current?.();
      p.addEventListener('beginStroke', started);
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
      release = () => {
        observer.disconnect();
        p.removeEventListener('beginStroke', started);
        p.off();
        pad.current = null;
      };
    });
    return () => {
      stop = true;
      release();
    };
  }, [canvas]);
  return pad;
}

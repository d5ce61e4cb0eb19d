import { useEffect, useRef, useState } from 'react';
import { Button } from '@portal/ui';

interface Detector {
  detect(source: HTMLVideoElement): Promise<{ rawValue: string }[]>;
}
type DetectorCtor = new (o: { formats: string[] }) => Detector;

/**
 * The phone camera as a barcode reader: the browser's BarcodeDetector where it exists (Chrome on
 * Android), else @zxing/browser (loaded only when the camera is opened). Hands the first code read to `onCode` and
 * closes; the rear camera is asked for first.
 */
export function CameraScanner({ onCode }: { onCode: (text: string) => void }) {
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const done = useRef(onCode);
  done.current = onCode;
  // Without a BarcodeDetector (desktop browsers; drivers' Android Chrome has one) the reader is fetched while online,
  // so a driver who loses the network can still open the camera: once the screen has rendered and the browser is
  // idle, not in the first render's way.
  useEffect(() => {
    if ('BarcodeDetector' in window) return;
    const prefetch = () => void import('@zxing/browser').catch(() => undefined);
    if (typeof window.requestIdleCallback !== 'function') {
      const t = setTimeout(prefetch, 2000);
      return () => clearTimeout(t);
    }
    const id = window.requestIdleCallback(prefetch, { timeout: 10_000 });
    return () => window.cancelIdleCallback(id);
  }, []);

  useEffect(() => {
    if (!open) return;
    let stopped = false;
    let stop = () => {};
    const found = (text: string) => {
      if (stopped) return;
      stopped = true;
      stop();
      setOpen(false);
      done.current(text);
    };
    (async () => {
      const el = video.current!;
      const Native = (window as unknown as { BarcodeDetector?: DetectorCtor }).BarcodeDetector;
      if (Native) {
        const stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
        stop = () => stream.getTracks().forEach((t) => t.stop());
        el.srcObject = stream;
        await el.play();
        const detector = new Native({ formats: ['qr_code', 'code_128', 'code_39', 'ean_13'] });
        while (!stopped) {
          const codes = await detector.detect(el).catch(() => []);
          if (codes[0]?.rawValue) found(codes[0].rawValue);
          await new Promise((r) => setTimeout(r, 200));
        }
        return;
      }
      const { BrowserMultiFormatReader } = await import('@zxing/browser');
      const controls = await new BrowserMultiFormatReader().decodeFromConstraints(
        { video: { facingMode: 'environment' } },
        el,
        (result) => result && found(result.getText()),
      );
      stop = () => controls.stop();
      if (stopped) stop();
    })().catch((e: unknown) => {
      setError(`Camera unavailable: ${e instanceof Error ? e.message : String(e)}`);
      setOpen(false);
    });
    return () => {
      stopped = true;
      stop();
    };
  }, [open]);

  return (
    <div className="scan-camera">
      <Button onClick={() => (setError(null), setOpen(!open))} data-testid="scan-camera">
        {open ? 'Close camera' : 'Scan with camera'}
      </Button>
      {open && <video ref={video} className="scan-video" muted playsInline data-testid="scan-video" />}
      {error && (
        <p className="scan-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

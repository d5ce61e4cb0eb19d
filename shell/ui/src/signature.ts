// The light half of the signature pad (types, the delay, the text fallback): importable without loading the pad
// itself, which is a lazy chunk with signature_pad (parts.tsx).

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

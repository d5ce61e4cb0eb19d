import { lazy, Suspense, type ComponentType } from 'react';
import type { LicencePickerProps } from './licence.js';
import type { SignaturePadProps } from './signature.js';

/**
 * Design-system parts whose libraries only some screens need (downshift, signature_pad): each is its own chunk,
 * loaded when first rendered, so /login and the dashboard do not download them (the browser budget).
 */
function lazyPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  // Typed as taking any props: React's lazy() types widen P to its ref-aware form, which P itself is.
  const Part = lazy(() => load().then((c) => ({ default: c as ComponentType<any> })));
  return function LazyPart(props: P) {
    return (
      <Suspense fallback={<div className="pu-field" aria-busy="true" style={{ minHeight: 58 }} />}>
        <Part {...props} />
      </Suspense>
    );
  };
}

export const LicencePicker = lazyPart<LicencePickerProps>(() =>
  import('./LicencePicker.js').then((m) => m.LicencePicker),
);
export const SignaturePad = lazyPart<SignaturePadProps>(() =>
  import('./SignaturePad.js').then((m) => m.SignaturePad),
);

/**
 * Fetches the signature pad and its library now, while the network is there: a driver's phone that loses signal
 * before the receiver signs must still open the pad (the scan screen calls it when it mounts).
 */
export function preloadSignaturePad(): void {
  void import('./SignaturePad.js').catch(() => undefined);
  void import(/* webpackChunkName: "signature-pad" */ 'signature_pad').catch(() => undefined);
}

// accounts' pin and reset events as notifications receives them: contracts' subjects and data shapes, the code sealed
// with the kit's seal() bound to the address (as accounts' publisher does). Built here because a service's tests
// import another service only through its public entry, never its source (scripts/lint/boundaries.mjs).
import { seal } from '@portal/service-kit';
import { Subjects, type PinRequestedData, type ResetRequestedData } from '@portal/contracts';

export function pinRequested(
  email: string,
  pin: string,
  purpose: PinRequestedData['purpose'],
  expiresAt: Date,
): { subject: string; data: PinRequestedData } {
  const sealedPin = seal(pin, { expiresAt, context: email });
  return {
    subject: Subjects.pinRequested,
    data: { email, sealedPin, purpose, expiresAt: expiresAt.toISOString() },
  };
}

export function resetRequested(
  email: string,
  code: string,
  expiresAt: Date,
  purpose: ResetRequestedData['purpose'] = 'reset',
): { subject: string; data: ResetRequestedData } {
  const sealedCode = seal(code, { expiresAt, context: email });
  return {
    subject: Subjects.resetRequested,
    data: { email, sealedCode, expiresAt: expiresAt.toISOString(), purpose },
  };
}

import { AuthMessages, type PinRequestedData } from '@portal/contracts';
import { Problem } from '@portal/service-kit';
import { TooManyPins, issuePin } from '../models/pin.js';
import { pinRequested, type AccountsEvent } from '../events/publishes.js';

/** issuePin, with too many codes in a row answered 429 (AuthMessages.tooManyCodes). */
export async function issueCode(...args: Parameters<typeof issuePin>) {
  try {
    return await issuePin(...args);
  } catch (err) {
    if (err instanceof TooManyPins) throw new Problem(429, AuthMessages.tooManyCodes);
    throw err;
  }
}

/** The outbox event that makes notifications mail a pin (the pin is sealed in it: events carry no secrets). */
export function pinEvent(
  email: string,
  pin: string,
  purpose: PinRequestedData['purpose'],
  expiresAt: Date,
): AccountsEvent {
  return pinRequested(email, pin, purpose, expiresAt);
}

export const normEmail = (email: string) => email.trim().toLowerCase();

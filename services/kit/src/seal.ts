import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { Type } from 'typebox';

/**
 * Sealed secrets for events and jobs: a pin or reset code travels through NATS and BullMQ only as AES-256-GCM
 * ciphertext. The expiry is inside the authenticated payload (a stored copy is useless after it), and the
 * ciphertext is bound to a context (the recipient's address) so it cannot be replayed into another event.
 * Format: `s1.<base64url(iv[12] | tag[16] | ciphertext)>`.
 */
export const SEAL_PREFIX = 's1.';

/**
 * Local-stack key, used only when EVENT_SEAL_KEY is unset (deploy/local/env.sh sets the same value). Production
 * sets its own key from a secret shared by accounts and notifications.
 */
export const DEV_SEAL_KEY = '4rVxSIaV5EXXJ7NV+YGB4vBmlS22BtgiDK/E8rg3ieI=';

/**
 * EVENT_SEAL_KEY for the env schema of a service that seals or opens (accounts, notifications only: the others
 * never see the key); in production the kit refuses the local default (PRODUCTION_REQUIRED).
 */
export const SealEnvKey = Type.String({ default: DEV_SEAL_KEY, minLength: 44 });

export class SealError extends Error {
  constructor(public readonly reason: 'invalid' | 'expired') {
    super(reason === 'expired' ? 'sealed value expired' : 'sealed value invalid');
    this.name = 'SealError';
  }
}

/** The 32-byte key from base64 (EVENT_SEAL_KEY); anything else is a configuration error. */
export function sealKey(raw: string | undefined = process.env.EVENT_SEAL_KEY): Buffer {
  const key = Buffer.from(raw || DEV_SEAL_KEY, 'base64');
  if (key.length !== 32) throw new Error('EVENT_SEAL_KEY must be 32 bytes, base64-encoded');
  return key;
}

export interface SealOptions {
  /** When the sealed value stops opening (normally the code's own expiry). */
  expiresAt: Date;
  /** Bound context, e.g. the recipient's address; open() must be given the same. */
  context: string;
  /** base64 key; default EVENT_SEAL_KEY from the environment. */
  key?: string;
}

const aad = (context: string) => Buffer.from(`portal-seal:${context.trim().toLowerCase()}`);

export function seal(value: string, opts: SealOptions): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(opts.key), iv);
  cipher.setAAD(aad(opts.context));
  const plain = Buffer.from(JSON.stringify({ v: value, exp: opts.expiresAt.getTime() }));
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return SEAL_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** The value, or SealError('expired' | 'invalid'); never returns a value past its expiry. */
export function openSealed(sealed: string, opts: { context: string; key?: string; now?: number }): string {
  if (typeof sealed !== 'string' || !sealed.startsWith(SEAL_PREFIX)) throw new SealError('invalid');
  const raw = Buffer.from(sealed.slice(SEAL_PREFIX.length), 'base64url');
  if (raw.length < 12 + 16 + 1) throw new SealError('invalid');
  let payload: { v?: unknown; exp?: unknown };
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(opts.key), raw.subarray(0, 12));
    decipher.setAAD(aad(opts.context));
    decipher.setAuthTag(raw.subarray(12, 28));
    const plain = Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]);
    payload = JSON.parse(plain.toString('utf8')) as typeof payload;
  } catch {
    throw new SealError('invalid');
  }
  if (typeof payload.v !== 'string' || typeof payload.exp !== 'number') throw new SealError('invalid');
  if (payload.exp <= (opts.now ?? Date.now())) throw new SealError('expired');
  return payload.v;
}

import mongoose, { Schema, type InferSchemaType } from 'mongoose';
import { randomBytes, randomInt, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(scryptCb) as (pw: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** Pins live 30 minutes and allow 5 tries (ACCOUNTS-API `auth`). */
export const PIN_TTL_MS = 30 * 60 * 1000;
export const PIN_MAX_ATTEMPTS = 5;
/** Codes issued for one (purpose, key) while the previous one is still valid: bounds guesses to 25 per 30 min. */
export const PIN_MAX_ISSUES = 5;

/** Too many codes asked for in a row; the caller answers 429. */
export class TooManyPins extends Error {}

export type PinPurpose = 'signup' | 'change-email' | 'reset';

/**
 * A one-time code: sign-up pin, change-email pin or password reset code. Only a salted scrypt hash is stored.
 * `key` identifies whose code it is (the email for signup/reset, the Keycloak sub for change-email); `email` is
 * where it was sent (the new address for change-email). A pin holds no token: a verified user signs in on Keycloak's
 * page (the portal's sign-in hands the address over as login_hint).
 * No TTL index (FerretDB v1 has none): expired pins are filtered out by every read and purged on every issue.
 */
const pinSchema = new Schema(
  {
    purpose: { type: String, required: true, enum: ['signup', 'change-email', 'reset'] },
    key: { type: String, required: true },
    email: { type: String, required: true, lowercase: true, trim: true },
    hash: { type: String, required: true },
    salt: { type: String, required: true },
    attempts: { type: Number, default: 0 },
    issues: { type: Number, default: 1 },
    expiresAt: { type: Date, required: true },
  },
  { timestamps: true },
);
pinSchema.index({ purpose: 1, key: 1 }, { unique: true });

export type PinDoc = InferSchemaType<typeof pinSchema> & { _id: mongoose.Types.ObjectId };
export const Pin = mongoose.model('Pin', pinSchema);

async function hashPin(pin: string, salt: Buffer): Promise<Buffer> {
  return scrypt(pin, salt, 32);
}

/** A 6-digit code, leading zeros kept. */
export const newPinValue = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

export interface IssuedPin {
  pin: string;
  expiresAt: Date;
}

/**
 * Stores a new code for (purpose, key), replacing any earlier one (attempts start again). The sixth code asked for while the previous one is still
 * valid throws TooManyPins (the count starts again once the last code expires or is used).
 */
export async function issuePin(
  purpose: PinPurpose,
  key: string,
  email: string,
  opts: { ttlMs?: number } = {},
): Promise<IssuedPin> {
  const now = new Date();
  await Pin.deleteMany({ expiresAt: { $lt: now } });
  const previous = await Pin.findOne({ purpose, key }, { issues: 1 }).lean<PinDoc>();
  const issues = (previous?.issues ?? 0) + 1;
  if (issues > PIN_MAX_ISSUES) throw new TooManyPins();
  const pin = newPinValue();
  const salt = randomBytes(16);
  const hash = await hashPin(pin, salt);
  const expiresAt = new Date(now.getTime() + (opts.ttlMs ?? PIN_TTL_MS));
  await Pin.updateOne(
    { purpose, key },
    {
      $set: {
        email: email.toLowerCase(),
        hash: hash.toString('base64'),
        salt: salt.toString('base64'),
        attempts: 0,
        issues,
        expiresAt,
      },
    },
    { upsert: true },
  );
  return { pin, expiresAt };
}

/**
 * Checks a code: counts the try first (so parallel guesses cannot exceed the limit), then compares in constant
 * time. A match deletes the pin and returns it; anything else returns undefined.
 * `email`, when given, must be the address the pin was sent to.
 */
export async function consumePin(
  purpose: PinPurpose,
  key: string,
  pin: string,
  email?: string,
  maxAttempts = PIN_MAX_ATTEMPTS,
): Promise<PinDoc | undefined> {
  const doc = await Pin.findOneAndUpdate(
    { purpose, key, expiresAt: { $gt: new Date() }, attempts: { $lt: maxAttempts } },
    { $inc: { attempts: 1 } },
    { returnDocument: 'after' },
  ).lean<PinDoc>();
  if (!doc) return undefined;
  if (email !== undefined && doc.email !== email.toLowerCase()) return undefined;
  const expected = Buffer.from(doc.hash, 'base64');
  const actual = await hashPin(pin.trim(), Buffer.from(doc.salt, 'base64'));
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  const removed = await Pin.deleteOne({ _id: doc._id });
  return removed.deletedCount === 1 ? doc : undefined; // a parallel correct try already used it
}

/** The stored pin for (purpose, key), if it is still valid (no secrets are read by callers). */
export function activePin(purpose: PinPurpose, key: string) {
  return Pin.findOne({ purpose, key, expiresAt: { $gt: new Date() } }).lean<PinDoc>();
}

export function dropPin(purpose: PinPurpose, key: string) {
  return Pin.deleteOne({ purpose, key });
}

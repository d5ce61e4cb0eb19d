import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';

/**
 * The ledger's anchoring key (Ed25519): it signs the checkpoints of the chains' heads (domain/ledger-anchor.ts).
 * It comes from the environment (LEDGER_SIGNING_KEY), never from the database: whoever can rewrite the orders
 * collection cannot sign a checkpoint for the rewrite. Accepted forms, base64: the 32-byte seed, or the PKCS#8
 * DER of an Ed25519 private key (`openssl genpkey -algorithm ed25519 -outform DER | base64`).
 * LEDGER_VERIFY_KEYS lists older public keys (raw 32 bytes, base64) whose checkpoints still count after a rotation.
 */

/** PKCS#8 DER prefix of an Ed25519 private key; the 32-byte seed follows it. */
const PKCS8_ED25519_PREFIX = Buffer.from('302e020100300506032b657004220420', 'hex');
/** SPKI DER prefix of an Ed25519 public key; the 32 raw bytes follow it. */
const SPKI_ED25519_PREFIX = Buffer.from('302a300506032b6570032100', 'hex');

export interface LedgerKeys {
  /** Signs a checkpoint's canonical bytes (base64 signature). */
  sign(bytes: string): string;
  /** The id of the key that signs now (first 16 hex of sha256 over its raw public key). */
  keyId: string;
  /** The signing key's public half, raw 32 bytes as base64 (what an auditor needs). */
  publicKey: string;
  /** True when `sig` is a valid signature of `bytes` by the key `keyId` (the current one or a listed older one). */
  verify(bytes: string, sig: string, keyId: string): boolean;
}

const rawPublic = (k: KeyObject): Buffer => Buffer.from(k.export({ format: 'jwk' }).x as string, 'base64url');
const idOf = (raw: Buffer) => createHash('sha256').update(raw).digest('hex').slice(0, 16);

function privateKeyOf(b64: string): KeyObject {
  const bytes = Buffer.from(b64.trim(), 'base64');
  const der = bytes.length === 32 ? Buffer.concat([PKCS8_ED25519_PREFIX, bytes]) : bytes;
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: der, format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error('LEDGER_SIGNING_KEY is not an Ed25519 key (base64 of a 32-byte seed or PKCS#8 DER)');
  }
  if (key.asymmetricKeyType !== 'ed25519') throw new Error('LEDGER_SIGNING_KEY must be an Ed25519 key');
  return key;
}

function publicKeyOf(b64: string): KeyObject {
  const raw = Buffer.from(b64.trim(), 'base64');
  if (raw.length !== 32) throw new Error('LEDGER_VERIFY_KEYS: each key is 32 raw bytes, base64');
  return createPublicKey({ key: Buffer.concat([SPKI_ED25519_PREFIX, raw]), format: 'der', type: 'spki' });
}

/** The keys from the environment's values; throws on a malformed key (the service does not start on it). */
export function ledgerKeys(signingKey: string, verifyKeys = ''): LedgerKeys {
  const priv = privateKeyOf(signingKey);
  const pub = createPublicKey(priv);
  const raw = rawPublic(pub);
  const trusted = new Map<string, KeyObject>([[idOf(raw), pub]]);
  for (const k of verifyKeys.split(',').filter((s) => s.trim())) {
    const key = publicKeyOf(k);
    trusted.set(idOf(rawPublic(key)), key);
  }
  return {
    keyId: idOf(raw),
    publicKey: raw.toString('base64'),
    sign: (bytes) => sign(null, Buffer.from(bytes), priv).toString('base64'),
    verify(bytes, sig, keyId) {
      const key = trusted.get(keyId);
      if (!key || typeof sig !== 'string') return false;
      try {
        return verify(null, Buffer.from(bytes), key, Buffer.from(sig, 'base64'));
      } catch {
        return false;
      }
    },
  };
}

import mongoose, { Schema } from 'mongoose';

/**
 * Revocations that must outlive Redis: a Keycloak session ended by logout (`sid:<sid>`) and a user's "not before"
 * (`nbf:<sub>`: tokens issued before it are refused; password change or reset, suspension, deletion). The kit's
 * user state in Redis is the fast copy every service reads; these rows are the record, written first and restored
 * at accounts' start and each time its Redis connection comes back (domain/revocations.ts). A row lasts as long as
 * the kit keeps the entry (STATE_TTL_S, longer than any access token) and is pruned after.
 */
const revocationSchema = new Schema(
  {
    _id: { type: String, required: true },
    kind: { type: String, enum: ['sid', 'nbf'], required: true },
    /** The session id or the user's sub. */
    key: { type: String, required: true },
    /** Epoch seconds (nbf rows). */
    nbf: { type: Number },
    expiresAt: { type: Date, required: true },
  },
  { versionKey: false },
);
// the restore reads the live ones; the prune removes the rest
revocationSchema.index({ expiresAt: 1 });

export const Revocation = mongoose.model('Revocation', revocationSchema, 'revocations');

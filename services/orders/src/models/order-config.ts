import mongoose, { Schema } from 'mongoose';
import { dropsReadCache } from './read-cache.js';

/**
 * Read model: accounts' public config values that orders' rules read (domain/config.ts lists them), one document
 * per key as `accounts.config.changed.v1` carried it. A key accounts removed is kept with `removed: true` so the
 * default applies again. Never holds an internal key (signupEmails): accounts does not publish them.
 */
const orderConfigSchema = new Schema(
  {
    key: { type: String, required: true, unique: true },
    value: { type: Schema.Types.Mixed },
    removed: { type: Boolean, default: false },
    asOf: { type: Date, default: () => new Date(0) },
  },
  { timestamps: true, minimize: false },
);

orderConfigSchema.plugin(dropsReadCache('orderconfigvalues'));

export const OrderConfigValue = mongoose.model('OrderConfigValue', orderConfigSchema);

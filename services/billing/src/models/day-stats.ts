import mongoose, { Schema } from 'mongoose';
import { versionCounter } from './version-counter.js';

/**
 * Per-day summaries of the projected orders for the operations dashboard: a range reads one
 * small document per day instead of every order of it (FerretDB decodes each returned document: ~10,000 orders for a
 * 30-day range at 100,000 orders took tens of seconds).
 *
 * It is a cache keyed by version, never a second truth: `day_versions` {_id: day, v} is bumped ($inc, upsert) by the
 * projection's apply for the old and the new delivery day of every applied change, AFTER the order is written.
 * `day_stats` {_id: day, v, figures} is valid only while its `v` equals the day's version; otherwise the reader
 * recomputes the day from the projection (one `deliveryDay` equality) and stores it with the version it read BEFORE
 * computing (a change landing meanwhile leaves it stale, never wrong). A missing version is 0.
 */
export interface DayFigures {
  /** Counted orders of the day (not deleted). */
  orders: number;
  /** The on-time tally (figures.ts OnTime): delivered, measured (approved date known), on the approved date. */
  delivered: number;
  measured: number;
  onTime: number;
  /** Rejections (full or partial) by reason code ('' = no reason given). */
  reasons: { reason: string; count: number }[];
  /** Counted orders by status (the staff view: no Exception folding). */
  statuses: { status: number; count: number }[];
}
export interface DayStatsDoc {
  _id: string;
  v: number;
  figures: DayFigures;
}
const statsSchema = new Schema(
  {
    _id: { type: String, required: true },
    v: { type: Number, required: true },
    figures: { type: Schema.Types.Mixed, required: true },
  },
  { minimize: false, versionKey: false },
);
export const DayStats = mongoose.model('BillingDayStats', statsSchema, 'day_stats');

/** `day_versions` (version-counter.ts): the projection's apply bumps the old and the new delivery day of a write. */
const days = versionCounter('BillingDayVersion', 'day_versions');
export const DayVersion = days.model;
export const bumpDays = days.bump;
export const dayVersion = days.of;

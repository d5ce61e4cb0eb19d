import type { LiveOrderEvent, ScheduleOrder } from '@portal/contracts/dispatch';
import type { OrderChange, ReadOrder } from '../../readmodels/orders.js';
import { driverSees, isCancelled, scheduleOrderOf } from './build.js';

/**
 * Live schedule updates (README "Live"): every change the read model applies in this process (onOrderChange) gets
 * a cursor and goes into a ring of the last RING_SIZE changes; each open stream receives, for its day and scope,
 * the order as it now is, or `order: null` when it left the caller's view (deleted, cancelled, moved to another
 * day, no longer the driver's). Cursors are `base + n` with `base` = this process's start in ms × 1000, so they grow
 * across restarts and a cursor from another process (or older than the ring) is answered `reset` (the client
 * refetches the day), never with a silent gap.
 */
export const RING_SIZE = 2000;

export interface LiveScope {
  day: string;
  /** null = staff (every order); else the caller's fleet driver ids. */
  driverIds: string[] | null;
}
interface Entry {
  cursor: number;
  change: OrderChange;
}
type Listener = (e: Entry) => void;

export const onDay = (o: ReadOrder | null, day: string) =>
  !!o && o.facts.deleted !== 1 && !isCancelled(o) && (o.deliveryDay === day || o.pickupDay === day);
export const visible = (o: ReadOrder | null, s: LiveScope): o is ReadOrder =>
  onDay(o, s.day) && (s.driverIds === null || driverSees(o!, s.driverIds));

/** What a stream of `scope` is sent for one change, or null (the change is not the caller's business). Pure. */
export function liveEventFor(
  e: Entry,
  s: LiveScope,
  names: Map<string, string>,
  now: Date,
): LiveOrderEvent | null {
  const { before, after, id, by } = e.change;
  const nowIn = visible(after, s);
  if (!nowIn && !visible(before, s)) return null;
  const order: ScheduleOrder | null = nowIn ? scheduleOrderOf(after, names, now) : null;
  return { cursor: e.cursor, day: s.day, order, id, ...(by ? { by } : {}) };
}

export class LiveHub {
  readonly base: number;
  private next: number;
  private ring: Entry[] = [];
  private listeners = new Set<Listener>();

  constructor(startMs = Date.now()) {
    this.base = startMs * 1000;
    this.next = this.base;
  }

  /** The cursor of the newest change (base when none yet): ScheduleDay.cursor. */
  get cursor(): number {
    return this.next;
  }
  get streams(): number {
    return this.listeners.size;
  }

  push(change: OrderChange): void {
    const e = { cursor: ++this.next, change };
    this.ring.push(e);
    if (this.ring.length > RING_SIZE) this.ring.splice(0, this.ring.length - RING_SIZE);
    for (const l of this.listeners) l(e);
  }

  /**
   * The changes after `cursor`, or 'reset' when they cannot be told whole: a cursor of another process, from the
   * future, or older than the ring's first entry.
   */
  since(cursor: number): Entry[] | 'reset' {
    if (cursor === this.next) return [];
    if (cursor < this.base || cursor > this.next) return 'reset';
    const first = this.ring[0];
    if (!first || cursor < first.cursor - 1) return 'reset';
    return this.ring.filter((e) => e.cursor > cursor);
  }

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
}

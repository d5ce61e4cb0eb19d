import { ORDER_STATUS_NAMES, OrderStatus, type OrderHistoryEntry } from '@portal/contracts';

type Change = OrderHistoryEntry['changes'][number];

const statusName = (v: unknown) =>
  ORDER_STATUS_NAMES[Number(v) as keyof typeof ORDER_STATUS_NAMES] ?? String(v);

/** What a status move reads as in the chain (the road's hand-overs by name). */
const STATUS_TITLES: Partial<Record<number, string>> = {
  [OrderStatus.approved]: 'Order approved',
  [OrderStatus.pickedUp]: 'Picked up',
  [OrderStatus.inTransit]: 'In transit',
  [OrderStatus.delivered]: 'Delivered',
  [OrderStatus.exception]: 'Exception',
  [OrderStatus.fullRejection]: 'Rejected (full)',
  [OrderStatus.partialRejection]: 'Rejected (partial)',
};

const STEP_TITLES: Record<string, string> = {
  created: 'Order created',
  cancelled: 'Order cancelled',
  deleted: 'Order deleted',
  undeleted: 'Order restored',
  updated: 'Order updated',
  'manifest-uploaded': 'Manifest uploaded',
  'manifest-signed': 'Manifest signed',
  'labels-printed': 'Labels printed',
  'checked-in': 'Checked in',
  'check-in-removed': 'Check-in removed',
  'checked-out': 'Checked out',
  'check-out-removed': 'Check-out removed',
  'picked-up': 'Picked up',
  delivered: 'Delivered',
  'gate-override': 'Compliance gate overridden',
  'metrc-synced': 'Synced with the state system (Metrc)',
};

const statusChange = (changes: Change[]) => changes.find((c) => c.path === 'data.order.status');

/** The entry in words ("Order approved", "3 labels printed", "Checked out" …). */
export function titleOf(action: string, changes: Change[]): string {
  if (action === 'labels-printed') {
    const n = Number(changes.find((c) => c.path === 'labels.printed')?.to);
    return Number.isInteger(n) ? `${n} label${n === 1 ? '' : 's'} printed` : STEP_TITLES[action]!;
  }
  const s = statusChange(changes);
  if (action === 'status' && s) return STATUS_TITLES[Number(s.to)] ?? `Status set to ${statusName(s.to)}`;
  return STEP_TITLES[action] ?? action;
}

/** Paths an ordinary update carries that belong in the chain of custody (hand-overs, signatures, drivers). */
const CUSTODY_PATHS = /^(data\.order\.(status|checkedin|checkedout|signature|driver)|manifest)(\.|$)/;
/** What a created entry shows (not every field of the new order). */
const CREATED_PATHS = /^data\.order\.(pickupLN|destinationLN|weight|orderType|preferredDelivery|status)$/;

/** Does the entry belong in the custody report? Every step but updates that touch nothing of custody. */
export function isCustodyEntry(action: string, changes: Change[]): boolean {
  if (action !== 'updated') return true;
  return changes.some((c) => CUSTODY_PATHS.test(c.path));
}

const MAX_FACTS = 16;
const MAX_VALUE = 200;

const text = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '-';
  const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return s.length > MAX_VALUE ? `${s.slice(0, MAX_VALUE - 3)}...` : s;
};

const isPlain = (v: unknown) => v === null || typeof v !== 'object';

/**
 * Flattens a change's new value into facts: objects by key; a list of plain values whole (what a gate found missing:
 * "manifest, signature"), a list of records by its newest element (the signed copy just added).
 */
function put(facts: Record<string, string>, key: string, value: unknown, depth = 0): void {
  if (/(^|\.)image$/.test(key)) return;
  if (Array.isArray(value) && value.every(isPlain)) value = value.length ? value.join(', ') : undefined;
  else if (Array.isArray(value)) value = value.length ? value[value.length - 1] : undefined;
  if (value && typeof value === 'object' && depth < 2) {
    for (const [k, v] of Object.entries(value as Record<string, unknown>))
      put(facts, `${key}.${k}`, v, depth + 1);
    return;
  }
  if (Object.keys(facts).length < MAX_FACTS) facts[key] = text(value);
}

/** The step's facts from its ledger changes (strings; images are never shown). */
export function factsOf(action: string, changes: Change[]): Record<string, string> {
  const facts: Record<string, string> = {};
  const shown =
    action === 'created'
      ? changes.filter((c) => CREATED_PATHS.test(c.path))
      : action === 'updated'
        ? changes.filter((c) => CUSTODY_PATHS.test(c.path))
        : changes;
  for (const c of shown) {
    const key = c.path.replace(/^data\.order\./, '');
    if (key === 'status') {
      facts.status = c.from === undefined ? statusName(c.to) : `${statusName(c.from)} -> ${statusName(c.to)}`;
      continue;
    }
    if (c.to === undefined && c.from !== undefined) facts[key] = 'removed';
    else put(facts, key, c.to);
  }
  return facts;
}

import { createHash } from 'node:crypto';
import { INTERNAL_CONFIG_KEYS } from '@portal/contracts';
import type { AppConfig as AppConfigValues } from '@portal/contracts';
import { AppConfig, readConfig } from '../models/app-config.js';
import { configChanged, queue } from '../events/publishes.js';
import { tellReplicas } from '../models/cache-drops.js';

/**
 * The public config is read on every page load by every visitor, and changes a few times a year: it is served
 * from memory with an ETag (a revalidation is a 304 without a body). Saving settings drops this replica's copy
 * and, told over Redis (models/cache-drops.ts), every other one's; CONFIG_TTL_MS bounds a copy when that is
 * lost. `Cache-Control: public, no-cache` lets browsers and the edge keep the body but revalidate each time, so a
 * superadmin never sees the old settings after saving; the edge (nginx) adds a 1 s micro-cache for anonymous
 * callers on top (deploy/local/nginx).
 */
export const CONFIG_TTL_MS = 10_000;
export const CONFIG_CACHE_CONTROL = 'public, no-cache';

interface Served {
  data: Record<string, unknown>;
  etag: string;
  until: number;
}
let served: Promise<Served> | undefined;
let generation = 0;

async function load(): Promise<Served> {
  // No internal keys (signupEmails) for the public; the superadmin reads them from /utils/config/all.
  const data: Record<string, unknown> = { ...(await readConfig()) };
  for (const k of INTERNAL_CONFIG_KEYS) delete data[k];
  const hash = createHash('sha1').update(JSON.stringify(data)).digest('base64url');
  return { data, etag: `"cfg-${hash}"`, until: Date.now() + CONFIG_TTL_MS };
}

/** The cached config (one read shared by concurrent callers; a failed read is not cached). */
export async function currentConfig(): Promise<Served> {
  const mine = served;
  if (mine) {
    const s = await mine;
    if (s.until > Date.now()) return s;
  }
  if (served === mine) {
    const gen = generation;
    served = load();
    served.catch(() => {
      if (generation === gen) served = undefined;
    });
  }
  return served!;
}

/** Called after settings are written: the next read goes to the database. */
export function dropConfigCache(): void {
  generation++;
  served = undefined;
}

/** If-None-Match may list several tags and nginx weakens ETags (W/) when it compresses. */
export const etagMatches = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((t) => t.trim().replace(/^W\//, '') === etag);

/**
 * Saves config keys (superadmin). Every key but the last is a plain upsert; the last carries the change event,
 * written atomically with it, so the event is never published for a write that did not happen.
 */
export async function saveConfig(entries: [string, unknown][]): Promise<AppConfigValues> {
  for (const [key, value] of entries.slice(0, -1)) {
    await AppConfig.updateOne({ key }, { $set: { value } }, { upsert: true });
  }
  const [lastKey, lastValue] = entries[entries.length - 1]!;
  const doc = (await AppConfig.findOne({ key: lastKey })) ?? new AppConfig({ key: lastKey });
  doc.set('value', lastValue);
  doc.markModified('value');
  queue(doc, configChanged(entries));
  await doc.save();
  dropConfigCache();
  tellReplicas('config');
  return readConfig();
}

import { manifestProblems, type MfeManifest } from '@portal/ui';
import { buildTable, type RouteTable } from './routes.js';

/** remotes.json: MFE name → remoteEntry URL (INTERFACES.md §4). Never cached, so a deploy shows at once. */
export async function loadRemotes(url = '/remotes.json'): Promise<Record<string, string>> {
  const res = await fetch(url, { cache: 'no-cache' });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as Record<string, string>;
}

/** Where a remote's manifest lives: manifest.json beside its remoteEntry.js (ui/webpack/manifest.cjs writes it). */
export const manifestUrl = (remoteEntry: string): string =>
  new URL('manifest.json', new URL(remoteEntry, window.location.href)).href;

/**
 * One remote's manifest, or null when it is down, has none, or publishes one the checker rejects: a broken remote
 * loses its pages and menu entries, it never takes the frame down with it.
 */
export async function loadManifest(name: string, remoteEntry: string): Promise<MfeManifest | null> {
  try {
    const res = await fetch(manifestUrl(remoteEntry), { cache: 'no-cache' });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const manifest: unknown = await res.json();
    const problems = manifestProblems(manifest, name);
    if (problems.length) throw new Error(problems.join('; '));
    return manifest as MfeManifest;
  } catch (e) {
    console.warn(
      `${name}: no usable manifest (${e instanceof Error ? e.message : String(e)}); its pages are unavailable`,
    );
    return null;
  }
}

export interface Remotes {
  /** name → remoteEntry URL, for remotes whose manifest loaded (the ones single-spa registers). */
  urls: Record<string, string>;
  manifests: MfeManifest[];
  table: RouteTable;
}

/** remotes.json, then every manifest in parallel (a few hundred bytes each, no MFE code), then the route table. */
export async function loadRoutes(): Promise<Remotes> {
  const remotes = await loadRemotes().catch((e: unknown) => {
    console.error('remotes.json unavailable', e);
    return {} as Record<string, string>;
  });
  const names = Object.keys(remotes);
  const manifests = await Promise.all(names.map((n) => loadManifest(n, remotes[n]!)));
  const table = buildTable(names.map((name, i) => ({ name, manifest: manifests[i]! })));
  const loaded = manifests.filter((m): m is MfeManifest => m !== null);
  const urls = Object.fromEntries(loaded.map((m) => [m.name, remotes[m.name]!]));
  return { urls, manifests: loaded, table };
}

// The tests every MFE runs on its manifest (what the shell reads) and its page table (what its App renders): they
// name the same paths both ways — a manifest path without a screen would mount an empty MFE, a screen without a
// manifest entry is unreachable — titles are set, roles are role numbers and menu keys are unique.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ALL_ROLES } from '@portal/contracts';
import type { MfeManifest } from '../src/mfe-manifest.js';

export function manifestTests(manifest: MfeManifest, pages: Record<string, unknown>): void {
  test(`${manifest.name}: every manifest path has a screen and every screen is in the manifest`, () => {
    const paths = [...new Set(manifest.pages.map((p) => p.path))].sort();
    assert.deepEqual(paths, Object.keys(pages).sort());
  });

  test(`${manifest.name}: titles are set, roles are role numbers, menu keys are unique`, () => {
    const keys = manifest.pages.flatMap((p) => (p.menu ? [p.menu.key] : []));
    assert.equal(new Set(keys).size, keys.length, `menu keys: ${keys.join(', ')}`);
    for (const p of manifest.pages) {
      assert.ok(p.title, `${p.path} has a title`);
      for (const r of [...(p.allowed ?? []), ...(p.restricted ?? [])])
        assert.ok(ALL_ROLES.includes(r), p.path);
    }
  });
}

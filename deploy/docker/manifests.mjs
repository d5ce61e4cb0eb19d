// Copies what `npm ci` reads — the root package.json, package-lock.json, .npmrc and every workspace's
// package.json — from the repo root (cwd) into the directory given as argument, keeping paths.
// The Dockerfiles' dependency layer is built from that copy alone, so it is reused until a manifest changes.
import { cpSync, existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const out = process.argv[2];
if (!out) throw new Error('usage: node manifests.mjs <out-dir>');
const root = JSON.parse(readFileSync('package.json', 'utf8'));
const expand = (pattern) =>
  pattern.endsWith('/*')
    ? readdirSync(pattern.slice(0, -2), { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => join(pattern.slice(0, -2), d.name))
    : [pattern];
const files = ['package.json', 'package-lock.json', '.npmrc'];
for (const ws of (root.workspaces ?? []).flatMap(expand)) files.push(join(ws, 'package.json'));
for (const f of files) if (existsSync(f)) cpSync(f, join(out, f));

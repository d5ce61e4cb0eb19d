// Builds the Keycloak login theme: `vite build` (the React pages), then `keycloakify build` (Maven packs them into
// dist_keycloak/portal-theme.jar, the Keycloak 26+ jar; Maven and a JDK must be on the machine).
//
//   node login-theme/scripts/build.mjs [--force]      prints the jar's path
//
// Skipped while the hash of its inputs (this workspace's sources and config, the contracts' sources it imports,
// this script, the keycloakify and vite versions) matches the one written beside the jar, so `npm start` rebuilds
// only when something changed (about 15 s when it does). deploy/local/stack.sh copies the jar into Keycloak.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const dir = join(dirname(fileURLToPath(import.meta.url)), '..');
const root = join(dir, '..');
const contracts = join(root, 'services/contracts');
export const JAR = join(dir, 'dist_keycloak/portal-theme.jar');
const STAMP = `${JAR}.hash`;
const require = createRequire(join(dir, 'package.json'));

function filesUnder(d, out = []) {
  if (!existsSync(d)) return out;
  for (const e of readdirSync(d, { withFileTypes: true })) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const p = join(d, e.name);
    if (e.isDirectory()) filesUnder(p, out);
    else out.push(p);
  }
  return out.sort();
}

const version = (pkg) => JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), 'utf8')).version;

export function inputHash() {
  const h = createHash('sha256').update(`keycloakify ${version('keycloakify')} vite ${version('vite')}\n`);
  h.update(readFileSync(fileURLToPath(import.meta.url)));
  const own = ['package.json', 'index.html', 'vite.config.ts', 'tsconfig.json'].map((f) => join(dir, f));
  // kc.gen.tsx is written by the build itself: hashing it would make every build look stale to the next one
  const src = filesUnder(join(dir, 'src')).filter((f) => !f.endsWith('kc.gen.tsx'));
  for (const f of [...own, ...src, join(contracts, 'package.json'), ...filesUnder(join(contracts, 'src'))])
    h.update(`\0${relative(root, f)}\0`).update(readFileSync(f));
  return h.digest('hex');
}

/**
 * The environment without npm's own variables: under `npm test` / `npm start` (npm_lifecycle_*, npm_config_*,
 * npm_package_json, INIT_CWD) keycloakify's `npx vite` steps misread the project (its post-build step failed with
 * E2BIG on a fresh clone, and `vite build` under `npm exec` failed running `npx vite`); run alone, both build.
 */
const buildEnv = () =>
  Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'INIT_CWD'));

function run(bin, args) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: dir,
    env: buildEnv(),
    stdio: ['ignore', 2, 2],
  });
  if (r.status !== 0) throw new Error(`${relative(root, bin)} ${args.join(' ')} exited with ${r.status}`);
}

/** Builds the jar unless it is current; returns its path. */
export function buildLoginTheme({ force = false, log = console.log } = {}) {
  const hash = inputHash();
  if (!force && existsSync(JAR) && existsSync(STAMP) && readFileSync(STAMP, 'utf8').trim() === hash)
    return JAR;
  const t = Date.now();
  log('building the login theme (vite + keycloakify)…');
  run(join(dirname(require.resolve('vite/package.json')), 'bin/vite.js'), ['build', '--logLevel', 'warn']);
  run(join(dirname(require.resolve('keycloakify/package.json')), 'bin/main.js'), ['build']);
  if (!existsSync(JAR)) throw new Error(`keycloakify build wrote no ${relative(root, JAR)}`);
  writeFileSync(STAMP, `${hash}\n`);
  log(`built ${relative(root, JAR)} in ${((Date.now() - t) / 1000).toFixed(1)} s`);
  return JAR;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    // progress on stderr: stdout is the jar's path, for deploy/local/stack.sh
    const jar = buildLoginTheme({ force: process.argv.includes('--force'), log: (m) => console.error(m) });
    console.log(jar);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    process.exit(1);
  }
}

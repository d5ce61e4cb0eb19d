// Builds each service to JavaScript once: services/<name>/dist/server.js (the service, with the kit and the
// contracts it uses bundled in), dist/telemetry.js (the tracing preload, loaded first with --import) and one file
// per worker thread the service starts. Third-party packages are bundled and minified too, except those that must
// stay outside (EXTERNAL below: what OpenTelemetry patches as it loads, what loads on demand), resolved from
// node_modules at run time.
//
//   node scripts/build-services.mjs [name…] [--force]     (no name: every service)
//
// A build is skipped while the hash of its inputs (the service's, the kit's and the contracts' sources and
// manifests, the lockfile, this script, esbuild's version) matches the one written beside its output, so
// `npm start` rebuilds only what changed and a fresh clone builds once.
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const servicesDir = join(root, 'services');
/** Workspaces that are libraries, not services: bundled into the services that import them. */
const LIBRARIES = ['kit', 'contracts'];
const SHARED = LIBRARIES.map((l) => join(servicesDir, l));
/** Where a service's build input lives besides its own src/ (a test or a seed never goes into dist/). */
const INPUT_DIRS = (dir) => [join(dir, 'src'), ...SHARED.map((s) => join(s, 'src'))];
const STAMP = '.build-hash';

/**
 * How a built service runs (cwd = services/<name>): the tracing preload first, so its instrumentation hooks are in
 * place before fastify, mongoose and the mongodb driver load, then the service. No TypeScript compiler involved.
 * The young generation is capped at 2 × 8 MB (V8 sized it 2 × 32 MB on a large host and kept it full under load).
 */
export const serviceArgs = (out = 'dist') => [
  '--max-semi-space-size=8',
  '--import',
  `./${out}/telemetry.js`,
  `${out}/server.js`,
];
export const SERVICE_ARGS = serviceArgs();
/**
 * The environment a built service runs with (besides its own): two malloc arenas, so the memory a worker thread
 * or a burst of requests took from the C heap is reused, not kept in an arena per thread (the orders instance kept
 * 457 MB after the bench with the defaults, 349 MB with this and the cap above); and a fixed mmap threshold of
 * 32 KB: glibc raises it to the size of any large block freed (a module's source read at start is megabytes), after
 * which blocks up to that size come from the main heap, which can only shrink from its top, so an idle service kept
 * 15-25 MB of freed C heap (6-8 MB with it; no measurable CPU cost per request).
 */
export const SERVICE_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768' };

export const serviceNames = () =>
  readdirSync(servicesDir).filter(
    (d) => !LIBRARIES.includes(d) && existsSync(join(servicesDir, d, 'src/server.ts')),
  );

function filesUnder(dir, out = []) {
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    if (e.name.startsWith('.') || e.name === 'node_modules') continue;
    const p = join(dir, e.name);
    if (e.isDirectory()) filesUnder(p, out);
    else out.push(p);
  }
  return out.sort();
}

function inputHash(dir, esbuildVersion) {
  const h = createHash('sha256').update(`esbuild ${esbuildVersion}\n`);
  h.update(readFileSync(fileURLToPath(import.meta.url)));
  // the lockfile too: the packages bundled into a service change with it
  const lock = join(root, 'package-lock.json');
  const manifests = [
    ...[dir, ...SHARED].map((d) => join(d, 'package.json')),
    ...(existsSync(lock) ? [lock] : []),
  ];
  for (const f of [...manifests, ...INPUT_DIRS(dir).flatMap((d) => filesUnder(d))]) {
    h.update(`\0${relative(root, f)}\0`).update(readFileSync(f));
  }
  return h.digest('hex');
}

// `new URL('./x-worker.ts', import.meta.url)`: a worker thread's module, named beside the code that starts it.
const WORKER_URL = /new URL\(\s*(['"])(\.{1,2}\/[^'"]+)\.ts\1,\s*import\.meta\.url\s*\)/g;

/** The worker modules the sources start, each to be built as an entry of its own next to server.js. */
function workerEntries(dir) {
  const entries = {};
  for (const file of INPUT_DIRS(dir).flatMap((d) => filesUnder(d))) {
    if (!file.endsWith('.ts')) continue;
    for (const m of readFileSync(file, 'utf8').matchAll(WORKER_URL)) {
      const src = join(dirname(file), `${m[2]}.ts`);
      const name = basename(m[2]);
      if (entries[name] && entries[name] !== src)
        throw new Error(`two worker modules are named ${name}: ${entries[name]} and ${src}`);
      entries[name] = src;
    }
  }
  return entries;
}

/** `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
const packageOf = (spec) =>
  spec
    .split('/')
    .slice(0, spec.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Packages that stay outside the bundle, resolved from node_modules at run time; every other package a service
 * loads at start is bundled (minified) into it: V8 keeps each module's source text for lazy compilation, and ~1,700
 * separate CommonJS files of fastify, mongoose, bullmq, ioredis, NATS and OpenTelemetry held ~28 MB of strings in
 * every idle service (bundled and minified: RSS about 20 MB less). Outside stay:
 * - `mongodb`: the OpenTelemetry instrumentation patches it as it is required (mongoose's require of it too);
 * - `@opentelemetry/*`: the tracing preload imports the SDK's CommonJS packages dynamically, which a bundle would
 *   answer with a default export only; the service shares the preload's copy of the API;
 * - `pg`: the FerretDB adapter's optional peer, absent from the images;
 * - packages loaded on demand (an `import()` of a package stays external whatever this list says: bundled
 *   CommonJS would answer it with a default export only) or in a worker thread (PDF, spreadsheets, zip, QR, object
 *   store, mail, BullMQ, which the kit imports on demand and billing statically: one copy): not in an idle
 *   service's memory anyway, and pdf.js finds its own worker file beside itself;
 * - `ioredis`: BullMQ, outside, requires it too; the kit hands BullMQ its connection (one copy, not two).
 */
const EXTERNAL = new Set([
  'mongodb',
  'pg',
  'pdfjs-dist',
  'pdf-lib',
  '@pdf-lib/fontkit',
  'qrcode',
  'archiver',
  '@e965/xlsx',
  'exceljs',
  'minio',
  'nodemailer',
  'bullmq',
  'ioredis',
  'zipcodes',
]);

/**
 * esbuild plugin: packages are bundled except those above (EXTERNAL), and a worker's
 * `new URL('./x.ts', import.meta.url)` points at its built file (dist/x.js, beside the bundle that starts it).
 */
const portalPlugin = {
  name: 'portal-services',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@portal/') || args.path.startsWith('node:')) return undefined;
      const pkg = packageOf(args.path);
      const external =
        EXTERNAL.has(pkg) || pkg.startsWith('@opentelemetry/') || args.kind === 'dynamic-import';
      return external ? { path: args.path, external: true } : undefined;
    });
    build.onLoad({ filter: /\.ts$/ }, (args) => {
      const text = readFileSync(args.path, 'utf8');
      if (!WORKER_URL.test(text)) return undefined;
      WORKER_URL.lastIndex = 0;
      const contents = text.replace(
        WORKER_URL,
        (_, q, path) => `new URL(${q}./${basename(path)}.js${q}, import.meta.url)`,
      );
      return { contents, loader: 'ts' };
    });
  },
};

/** esbuild's options for one service, written to `outdir`. */
export const buildOptions = (dir, outdir) => ({
  absWorkingDir: dir,
  entryPoints: {
    server: join(dir, 'src/server.ts'),
    telemetry: join(servicesDir, 'kit/src/telemetry-start.ts'),
    ...workerEntries(dir),
  },
  outdir,
  bundle: true,
  platform: 'node',
  format: 'esm',
  // a dynamic import stays lazy (its own chunk): the FerretDB adapter's `pg`, an optional peer, is only loaded
  // when DB_BACKEND asks for it. Chunks sit flat beside server.js, where a worker's URL is resolved from.
  splitting: true,
  chunkNames: '[name]-[hash]',
  target: 'node24',
  // the packages' bundled CommonJS code calls require() (Node's built-ins, the EXTERNAL packages): an ES module has
  // none, so every output file makes its own
  banner: {
    js: "import { createRequire as __portalCreateRequire } from 'node:module'; const require = __portalCreateRequire(import.meta.url);",
  },
  // minified: less source text for V8 to keep (it keeps every script's source for lazy compilation)
  minify: true,
  // fastify-plugin and error classes are told apart by name: keep them although the bundle renames clashes
  keepNames: true,
  // linked, not loaded: `NODE_OPTIONS=--enable-source-maps` maps a stack trace to the TypeScript when wanted
  sourcemap: 'linked',
  sourcesContent: false,
  plugins: [portalPlugin],
  logLevel: 'silent',
  metafile: true,
});

/**
 * Builds one service when its inputs changed (or `force`) into `services/<name>/<outName>` (`dist`, what the stack
 * runs; the bench builds its own instances beside it, so a running service never loses a chunk it loads later);
 * returns what it did.
 */
export async function buildService(name, { force = false, esbuild, outName = 'dist' } = {}) {
  esbuild ??= await import('esbuild');
  const dir = join(servicesDir, name);
  const out = join(dir, outName);
  const hash = inputHash(dir, esbuild.version);
  const stamp = join(out, STAMP);
  const fresh =
    existsSync(stamp) &&
    readFileSync(stamp, 'utf8').trim() === hash &&
    existsSync(join(out, 'server.js')) &&
    existsSync(join(out, 'telemetry.js'));
  if (fresh && !force) return { name, built: false };
  const t = Date.now();
  // built beside, then swapped in: a running instance of the service keeps finding its worker files meanwhile
  const next = `${out}.next-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  mkdirSync(next, { recursive: true });
  const result = await esbuild.build(buildOptions(dir, next)).catch((err) => {
    rmSync(next, { recursive: true, force: true });
    throw err;
  });
  writeFileSync(join(next, STAMP), `${hash}\n`);
  const old = `${out}.old-${process.pid}`;
  if (existsSync(out)) renameSync(out, old);
  renameSync(next, out);
  rmSync(old, { recursive: true, force: true });
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([f]) => f.endsWith('.js'))
    .reduce((n, [, o]) => n + o.bytes, 0);
  return { name, built: true, ms: Date.now() - t, kb: Math.round(bytes / 1024) };
}

/**
 * Builds the named services (all when none), those whose inputs changed. A failed build throws one error naming
 * the service and esbuild's first messages (file:line: text), so `npm start` stops there with something to fix.
 */
export async function buildServices(names = [], { force = false, log = () => undefined, outName } = {}) {
  const esbuild = await import('esbuild');
  const todo = names.length ? names : serviceNames();
  const done = [];
  for (const name of todo) {
    if (!existsSync(join(servicesDir, name, 'src/server.ts'))) throw new Error(`no service named ${name}`);
    try {
      const r = await buildService(name, { force, esbuild, outName });
      if (r.built) log(`built ${name} (dist/server.js, ${r.kb} KB) in ${(r.ms / 1000).toFixed(1)} s`);
      done.push(r);
    } catch (err) {
      const msgs = (err.errors ?? [])
        .slice(0, 5)
        .map((e) => `  ${e.location ? `${e.location.file}:${e.location.line}: ` : ''}${e.text}`);
      throw new Error(
        `building the ${name} service failed:\n${msgs.length ? msgs.join('\n') : `  ${err.message}`}`,
      );
    }
  }
  return done;
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  buildServices(
    args.filter((a) => !a.startsWith('--')),
    { force, log: (m) => console.log(`[build] ${m}`) },
  ).then(
    (r) => {
      if (!r.some((x) => x.built)) console.log('[build] services up to date');
    },
    (err) => {
      console.error(`[build] ${err.message}`);
      process.exit(1);
    },
  );
}

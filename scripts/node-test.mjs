#!/usr/bin/env node
// A workspace's node:test suite, each test file bundled first: `node ../../scripts/node-test.mjs [node --test flags]
// <file or glob> …`, run from the workspace. Every test file is its own process that loads the workspace's sources
// and the kit; through tsx's loader each of those thousands of modules is resolved and transformed one at a time
// (measured: ~4 s of CPU per file before its first test). Bundled by esbuild (the workspace's and the other @portal
// packages' TypeScript in, node_modules left to Node) a file loads in about half that.
// - Every module keeps its own import.meta.url, dirname and filename (the original source's), so paths computed
//   from them (fixtures, worker files, the kit's openapi) are the same as unbundled.
// - No loader is registered (its hooks would cost most of the gain back): a child or worker started from a .ts file
//   names tsx itself (the kit's bounded workers and the tests' spawned servers do).
// - PORTAL_TEST_BUNDLE=0 runs the files as they are, through tsx.
import { spawn } from 'node:child_process';
import { globSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';

const args = process.argv.slice(2);
const flags = args.filter((a) => a.startsWith('--'));
const files = args
  .filter((a) => !a.startsWith('--'))
  .flatMap((p) => (/[*?[{]/.test(p) ? globSync(p) : [p]))
  .sort();
const cwd = process.cwd();
const out = join(cwd, '.test-bundles');

/** import.meta.url, dirname and filename of a module, as the source file's own. */
const ownMeta = {
  name: 'own-import-meta',
  setup(b) {
    b.onLoad({ filter: /\.(m?[jt]sx?)$/ }, (a) => {
      if (a.path.includes('/node_modules/')) return undefined;
      const src = readFileSync(a.path, 'utf8');
      if (!src.includes('import.meta')) return undefined;
      const contents = src
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(a.path).href))
        .replaceAll('import.meta.dirname', JSON.stringify(dirname(a.path)))
        .replaceAll('import.meta.filename', JSON.stringify(a.path));
      const ext = a.path.split('.').pop();
      return { contents, loader: ext.startsWith('m') ? ext.slice(1) : ext, resolveDir: dirname(a.path) };
    });
  },
};

/**
 * Packages from node_modules stay imports (Node loads them once, as in production); @portal/* is bundled. A bundle
 * lives in the workspace's `.test-bundles/`, so a bare import resolves from there: the hoisted copy in the root's
 * node_modules. Where the importing source has a copy of its own nearer (the shell's ajv 8 beside the root's ajv 6),
 * the import names that copy's file, as Node would have resolved it from the source.
 */
const hoisted = join(dirname(fileURLToPath(import.meta.url)), '..', 'node_modules') + '/';
// a stylesheet or an image a page imports: a node test only needs it to load
const ASSET_LOADERS = { '.css': 'empty', '.svg': 'dataurl', '.png': 'dataurl' };
const isAsset = (path) => Object.keys(ASSET_LOADERS).some((ext) => path.endsWith(ext));
const external = {
  name: 'packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, async (a) => {
      // @portal/* is bundled, and so are assets (ASSET_LOADERS)
      if (a.path.startsWith('@portal/') || isAsset(a.path)) return undefined;
      if (a.pluginData === 'own') return undefined; // the lookup below: esbuild's own resolution
      if (a.path.startsWith('node:')) return { path: a.path, external: true };
      const found = await b.resolve(a.path, { kind: a.kind, resolveDir: a.resolveDir, pluginData: 'own' });
      const nested =
        !found.errors.length && found.path.includes('/node_modules/') && !found.path.startsWith(hoisted);
      return { path: nested ? found.path : a.path, external: true };
    });
  },
};

let entries = files;
let execArgv = ['--import', 'tsx'];
if (process.env.PORTAL_TEST_BUNDLE !== '0') {
  rmSync(out, { recursive: true, force: true });
  const result = await build({
    entryPoints: files.map((f) => resolve(f)),
    outdir: out,
    outbase: cwd,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    sourcesContent: false,
    logLevel: 'error',
    metafile: true,
    loader: ASSET_LOADERS,
    // a bundled CommonJS dependency may call require: give the ESM bundle one
    banner: {
      js: "import { createRequire as __portalRequire } from 'node:module'; const require = __portalRequire(import.meta.url);",
    },
    plugins: [ownMeta, external],
  });
  entries = Object.keys(result.metafile.outputs).filter((o) => o.endsWith('.mjs'));
  execArgv = ['--enable-source-maps'];
}

const child = spawn(
  process.execPath,
  [...execArgv, '--test', ...flags, ...entries.map((e) => relative(cwd, resolve(e)))],
  {
    cwd,
    stdio: 'inherit',
  },
);
child.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));

/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads CommonJS configs */
// manifest.json beside remoteEntry.js: the MFE's `src/manifest.ts` (default export, `defineMfe({...})`) evaluated at
// build time, checked, and written as plain JSON. The shell fetches it at run time without loading any of the
// MFE's JavaScript, so /login stays small however many remotes there are (shell/README.md "MFE manifests").
const path = require('node:path');
const fs = require('node:fs');
const esbuild = require('esbuild');
const { sources, Compilation } = require('webpack');

const MANIFEST_SOURCE = 'src/manifest.ts';
const checker = path.join(__dirname, '../src/mfe-manifest.ts');

/** Bundles src/manifest.ts (async: esbuild plugins need it) with the checker (browser entry of @portal/contracts: no TypeBox) and runs it in-process. */
async function readManifest({ name, dir }) {
  const file = path.join(dir, MANIFEST_SOURCE);
  const entry =
    `import m from ${JSON.stringify(file)};\n` +
    `import { manifestProblems } from ${JSON.stringify(checker)};\n` +
    `module.exports = { manifest: m, problems: manifestProblems(m, ${JSON.stringify(name)}) };\n`;
  const out = await esbuild.build({
    stdin: { contents: entry, resolveDir: dir, loader: 'ts', sourcefile: 'manifest-entry.ts' },
    bundle: true,
    write: false,
    format: 'cjs',
    platform: 'node',
    conditions: ['browser'],
    logLevel: 'silent',
    // The manifest needs only defineMfe from @portal/ui; the rest of the design system (React, CSS) is not data.
    plugins: [
      {
        name: 'portal-ui-manifest-only',
        setup(build) {
          build.onResolve({ filter: /^@portal\/ui$/ }, () => ({ path: checker }));
        },
      },
    ],
  });
  const mod = { exports: {} };
  new Function('module', 'exports', 'require', out.outputFiles[0].text)(mod, mod.exports, require);
  const { manifest, problems } = mod.exports;
  if (problems.length) throw new Error(`${file}: ${problems.join('; ')}`);
  return manifest;
}

/** Emits manifest.json (then gzipped by the compression plugin like every asset); no src/manifest.ts = no file. */
class MfeManifestPlugin {
  constructor({ name, dir }) {
    this.name = name;
    this.dir = dir;
  }
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('MfeManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        { name: 'MfeManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          const file = path.join(this.dir, MANIFEST_SOURCE);
          if (!fs.existsSync(file)) return;
          compilation.fileDependencies.add(file);
          try {
            const json = JSON.stringify(await readManifest({ name: this.name, dir: this.dir }));
            compilation.emitAsset('manifest.json', new sources.RawSource(json));
          } catch (e) {
            compilation.errors.push(new Error(`MFE manifest: ${e.message}`));
          }
        },
      );
    });
  }
}

module.exports = { MfeManifestPlugin, readManifest };

/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads CommonJS configs */
// Dead code out of the big chunks, after esbuild's minify. esbuild minifies a chunk as one file (transform mode):
// it mangles and folds, but it does not drop a function or class nobody calls inside the chunk's module wrappers.
// ag-grid-community ships as one large ESM file; webpack marks its unused exports and leaves the code for the
// minimizer to drop, so under esbuild alone every bundle carried all of ag-grid (303 KB gzipped whatever modules are
// registered; recharts, when the dashboards used it, 171 KB). terser's compress removes what nothing reaches (ag-grid
// 303 → ~195 KB gzipped with the portal's modules). Chunks below MIN_BYTES are left as esbuild made them:
// little to gain there, and terser costs build time on every chunk.
const { Compilation, sources } = require('webpack');
const { minify } = require('terser');

const MIN_BYTES = 40 * 1024;

class DeadCodePlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('DeadCodePlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // same stage as the esbuild minimizer, tapped after it (optimization.minimizer order); before gzip
        { name: 'DeadCodePlugin', stage: Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_SIZE },
        async (assets) => {
          for (const name of Object.keys(assets)) {
            if (!name.endsWith('.js')) continue;
            const asset = compilation.getAsset(name);
            if (!asset || asset.info.minimizedByTerser) continue;
            const code = asset.source.source().toString();
            if (code.length < MIN_BYTES) continue;
            try {
              const out = await minify(code, {
                ecma: 2020,
                compress: { passes: 2 },
                mangle: true,
                format: { comments: false },
              });
              if (out.code && out.code.length < code.length)
                compilation.updateAsset(name, new sources.RawSource(out.code), { minimizedByTerser: true });
            } catch (e) {
              compilation.errors.push(new Error(`DeadCodePlugin ${name}: ${e.message}`));
            }
          }
        },
      );
    });
  }
}

module.exports = { DeadCodePlugin, MIN_BYTES };

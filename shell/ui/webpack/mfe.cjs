/* eslint-disable @typescript-eslint/no-require-imports -- webpack loads CommonJS configs */
// The one webpack factory for the portal: the shell (host) and every MFE (remote) build through it, so loaders,
// resolution and the shared singletons are identical everywhere (two copies of React on a page are a defect).
const path = require('node:path');
const fs = require('node:fs');
const zlib = require('node:zlib');
const { ModuleFederationPlugin } = require('webpack').container;
const { EsbuildPlugin } = require('esbuild-loader');
const CompressionPlugin = require('compression-webpack-plugin');
const { MfeManifestPlugin } = require('./manifest.cjs');
const { DeadCodePlugin } = require('./dead-code.cjs');
// The loader the shell finds remotes with (TypeScript: Node strips its types); its source becomes the `remotes` below.
const { remoteContainer } = require('../src/remotes.ts');

/** Shared singletons (INTERFACES.md §4); subpaths that bundles import directly are listed with their package. */
const SINGLETONS = {
  react: ['react', 'react/jsx-runtime'],
  'react-dom': ['react-dom', 'react-dom/client'],
  'single-spa': ['single-spa'],
  '@portal/ui': ['@portal/ui'],
  '@portal/contracts': ['@portal/contracts'],
  // One QueryClient cache for the page (ui/src/query.tsx): two copies would mean two caches.
  '@tanstack/react-query': ['@tanstack/react-query'],
};

/** `shared` for ModuleFederationPlugin: singleton + requiredVersion read from the building package's package.json. */
function sharedFor(dir) {
  const pkg = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8'));
  const deps = { ...pkg.peerDependencies, ...pkg.dependencies };
  const shared = {};
  for (const [name, requests] of Object.entries(SINGLETONS)) {
    for (const request of requests) {
      shared[request] = { singleton: true, requiredVersion: deps[name] ?? false };
    }
  }
  return shared;
}

const COMPRESSIBLE = /\.(js|css|html|svg|json)$/;
/**
 * A .gz and a .br next to every text asset, served as-is by nginx's gzip_static and brotli_static (the local edge:
 * deploy/local/nginx/render.mjs; the web image: deploy/docker/nginx/): gzip level 9 and brotli quality 11 once at
 * build time instead of level 5 on every request. Browsers ask for br (~15 % smaller JavaScript than gzip -9); the
 * .gz stays for those that do not. The bundle budget (shell/test/bundle-budget.test.ts) reads the same files.
 * Returns two plugins: spread it into `plugins`.
 */
const compression = () => [
  new CompressionPlugin({ test: COMPRESSIBLE, threshold: 0, minRatio: 1, algorithm: 'gzip' }),
  new CompressionPlugin({
    test: COMPRESSIBLE,
    threshold: 0,
    minRatio: 1,
    algorithm: 'brotliCompress',
    filename: '[path][base].br',
    compressionOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } },
  }),
];

/** Everything but the federation/html plugins: TypeScript via esbuild, CSS via style-loader, esbuild minify. */
function baseConfig({ dir, publicPath, uniqueName }) {
  return {
    context: dir,
    mode: 'production',
    devtool: false,
    entry: {},
    output: {
      path: path.join(dir, 'dist'),
      publicPath,
      uniqueName,
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js', '.mjs', '.json'],
      // @portal/contracts and @portal/ui are TypeScript sources importing './x.js' (NodeNext style).
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          loader: require.resolve('esbuild-loader'),
          options: { target: 'es2020', jsx: 'automatic', tsconfig: path.join(dir, 'tsconfig.json') },
        },
        // the CSS travels inside the JavaScript (style-loader), where the minimizer cannot reach it: esbuild minifies
        // each file first (comments and whitespace out of every bundle)
        {
          test: /\.css$/,
          use: [
            require.resolve('style-loader'),
            // importLoaders: an @import-ed file is minified too
            { loader: require.resolve('css-loader'), options: { importLoaders: 1 } },
            { loader: require.resolve('esbuild-loader'), options: { minify: true } },
          ],
        },
        { test: /\.svg$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      // esbuild first (fast), then terser drops the code nothing reaches in the big chunks (dead-code.cjs)
      minimizer: [new EsbuildPlugin({ target: 'es2020', css: true }), new DeadCodePlugin()],
      // ag-grid in a chunk of its own name, so the budget test can tell that /login and the profile never load it.
      splitChunks: {
        cacheGroups: {
          agGrid: { test: /[\\/]node_modules[\\/]ag-grid-/, name: 'ag-grid', chunks: 'async', priority: 20 },
        },
      },
    },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

/**
 * A remote that loads when one of its modules is asked for. webpack initialises the share scope of every remote a
 * bundle names as soon as that bundle's container starts (its initExternal), which loaded the consumed MFE's
 * remoteEntry.js, and that MFE's own remotes, on every page of the consumer (the fleet pages loaded the schedule's
 * and the orders' entries for a tab nobody had opened). This stand-in keeps the share scope it is given and hands it
 * to the real container on the first get. ES5 and self-contained: its source is inlined like remoteContainer's.
 */
function lazyRemote(load, name) {
  var scope;
  var ready;
  var container = function () {
    if (!ready) {
      ready = load(name).then(function (c) {
        return Promise.resolve(c.init(scope)).then(function () {
          return c;
        });
      });
      // a failed load is forgotten: the next import tries again (remoteContainer forgets the script too)
      ready.catch(function () {
        ready = undefined;
      });
    }
    return ready;
  };
  return Promise.resolve({
    init: function (shareScope) {
      scope = shareScope;
    },
    get: function (module) {
      return container().then(function (c) {
        return c.get(module);
      });
    },
  });
}

/**
 * Federation `remotes` for the MFEs a bundle consumes (`remotes: ['schedule']` → import('mfe_schedule/<module>')): each
 * container is found at run time by the shell's own loader (../src/remotes.ts, its source inlined), from the URL
 * /remotes.json names, never a URL baked into this build, so the consumed MFE deploys alone and a change in it
 * changes none of this bundle's hashes; loaded on the first import of one of its modules (lazyRemote).
 */
const runtimeRemotes = (names) =>
  Object.fromEntries(
    names.map((n) => [
      `mfe_${n}`,
      `promise (${lazyRemote.toString()})(${remoteContainer.toString()}, ${JSON.stringify(n)})`,
    ]),
  );

/**
 * An MFE: Module Federation remote `mfe_<name>` at /mfe/<name>/remoteEntry.js exposing ./app, + manifest.json;
 * `exposes` adds modules for the shell or other MFEs, `remotes` names the MFEs whose exposed modules it loads.
 */
function mfeConfig({ name, dir, exposes = {}, remotes = [] }) {
  const config = baseConfig({ dir, publicPath: `/mfe/${name}/`, uniqueName: `mfe_${name}` });
  config.plugins = [
    new ModuleFederationPlugin({
      name: `mfe_${name}`,
      // window.mfe_<name>, not a top-level `var`: minifiers may rename or wrap a var; the shell looks it up on window.
      library: { type: 'window', name: `mfe_${name}` },
      filename: 'remoteEntry.js',
      // ./app is always there (the single-spa lifecycles); extra exposes add overlays or components for other MFEs.
      exposes: { './app': `./src/mfe-${name}.tsx`, ...exposes },
      remotes: runtimeRemotes(remotes),
      shared: sharedFor(dir),
    }),
    new MfeManifestPlugin({ name, dir }),
    ...compression(),
  ];
  return config;
}

module.exports = {
  baseConfig,
  mfeConfig,
  runtimeRemotes,
  sharedFor,
  compression,
  SINGLETONS,
  MfeManifestPlugin,
};

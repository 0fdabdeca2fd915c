// One rspack configuration for every front end: the shell (the host) and the
// remotes differ only in the options passed here, so the sharing rules
// of Module Federation cannot drift between them.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './precompress-plugin.mjs';
import { DEV_PORTS } from './remotes.mjs';
import { ROUTER_MODULE } from './router-surface.mjs';

const workspaceRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const reactRouterDist = path.join(workspaceRoot, 'node_modules/react-router/dist/production');
const sweetAlertWithoutInjectedStyles = path.join(
  workspaceRoot,
  'node_modules/sweetalert2/dist/sweetalert2.esm.js',
);

/**
 * rspack's Module Federation plugin injects its bundler runtime by the path
 * `require.resolve` gives, which is the CommonJS build: nothing in it can be
 * tree-shaken, so every container carried the whole SDK (manifest snapshots,
 * Node helpers, logger). The same files' ES module builds sit beside them.
 */
function federationRuntimeAsEsm() {
  const aliases = {};
  for (const pkg of ['webpack-bundler-runtime', 'runtime', 'inject-external-runtime-core-plugin']) {
    const dist = path.join(workspaceRoot, 'node_modules/@module-federation', pkg, 'dist');
    aliases[path.join(dist, 'index.cjs')] = path.join(dist, 'index.js');
  }
  return aliases;
}

function installedVersion(pkg) {
  const file = path.join(workspaceRoot, 'node_modules', pkg, 'package.json');
  return JSON.parse(readFileSync(file, 'utf8')).version;
}

/**
 * What must be one instance in the page (docs/architecture.md#sharing): React and its
 * sub-paths, the router, Redux, and the shared library that holds the store
 * and the API cache. Never eager: the shell's async boundary (index.ts →
 * bootstrap.tsx) lets the runtime negotiate them first.
 */
export function sharedSingletons() {
  const singleton = (pkg) => ({
    singleton: true,
    requiredVersion: `^${installedVersion(pkg)}`,
    version: installedVersion(pkg),
  });
  const prefix = (pkg) => ({ ...singleton(pkg), packageName: pkg });
  return {
    react: singleton('react'),
    'react/': prefix('react'),
    'react-dom': singleton('react-dom'),
    'react-dom/': prefix('react-dom'),
    // The declarative part of the router only (./react-router-dom.mjs):
    // react-router itself is never shared nor imported by an app.
    'react-router-dom': { ...singleton('react-router-dom'), import: ROUTER_MODULE },
    'react-redux': singleton('react-redux'),
    '@reduxjs/toolkit': singleton('@reduxjs/toolkit'),
    '@reduxjs/toolkit/': prefix('@reduxjs/toolkit'),
    '@psicocampus/shared': { singleton: true, requiredVersion: '^0.1.0', version: '0.1.0' },
    '@psicocampus/shared/': {
      singleton: true,
      requiredVersion: '^0.1.0',
      version: '0.1.0',
      packageName: '@psicocampus/shared',
    },
  };
}

/**
 * @param {object} options
 * @param {string} options.appDir         the app's folder
 * @param {string} options.name           Module Federation container name
 * @param {'host' | 'remote'} options.kind
 * @param {string} options.cssPrefix      prefix of every CSS-module class of the app
 * @param {Record<string, string>} [options.exposes]
 * @param {string[]} [options.runtimePlugins]
 * @param {string} [options.title]        <title> of the app's page
 * @param {(config: import('@rspack/core').Configuration, mode: string) => void} [options.customize]
 */
export function createAppConfig(options) {
  const { appDir, name, kind, cssPrefix, exposes = {}, runtimePlugins = [], title } = options;
  const isHost = kind === 'host';

  return (_env, argv = {}) => {
    const mode =
      argv.mode ?? (process.env.NODE_ENV === 'development' ? 'development' : 'production');
    const isDev = mode === 'development';
    // A remote's production build is only its container and chunks; the small
    // harness page that runs it alone exists in development only.
    const withPage = isHost || isDev;

    /** @type {import('@rspack/core').Configuration} */
    const config = {
      mode,
      context: appDir,
      entry: withPage ? { main: './src/index.ts' } : {},
      devtool: isDev ? 'eval-cheap-module-source-map' : 'source-map',
      output: {
        path: path.join(appDir, 'dist'),
        // The host's page is served for deep links (/psychologist/dashboard/…),
        // so its chunks need an absolute base; remotes resolve theirs from
        // wherever their remoteEntry.js was loaded.
        publicPath: isHost ? '/' : 'auto',
        uniqueName: name,
        filename: isDev ? '[name].js' : '[name].[contenthash:10].js',
        chunkFilename: isDev ? '[name].js' : '[name].[contenthash:10].js',
        cssFilename: isDev ? '[name].css' : '[name].[contenthash:10].css',
        cssChunkFilename: isDev ? '[name].css' : '[name].[contenthash:10].css',
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
        // react-router's package exports only its development build; production
        // bundles take the production one it ships beside it.
        alias: {
          // sweetalert2's default build writes its styles into a <style> element,
          // which the Content-Security-Policy refuses; this one leaves them to
          // the stylesheet that dialogs.ts loads beside it.
          sweetalert2$: sweetAlertWithoutInjectedStyles,
          ...federationRuntimeAsEsm(),
          ...(isDev
            ? {}
            : {
                'react-router$': path.join(reactRouterDist, 'index.mjs'),
              }),
        },
      },
      module: {
        rules: [
          {
            test: /\.(tsx?|jsx?|mjs)$/,
            exclude: /node_modules/,
            loader: 'builtin:swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: isDev } },
              },
              env: { targets: 'chrome >= 109, firefox >= 115, safari >= 15.4, edge >= 109' },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(svg|png|woff2?)$/, type: 'asset' },
        ],
        // `import styles from './x.module.css'`, as in Jest (identity-obj-proxy).
        parser: { 'css/auto': { namedExports: false } },
        generator: {
          'css/auto': {
            localIdentName: isDev ? `${cssPrefix}-[local]-[hash:5]` : `${cssPrefix}-[hash:6]`,
          },
        },
      },
      plugins: [
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes,
          // Remotes are registered at run time from remotes.json, never here.
          remotes: {},
          shared: sharedSingletons(),
          shareStrategy: 'loaded-first',
          runtimePlugins,
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          // One copy of the Module Federation runtime in the page (docs/limits-and-budgets.md#speed-and-size-budgets:
          // it is 19 KB gzip of each remoteEntry.js otherwise): the shell
          // provides it, remotes use it. Remotes load no remotes themselves,
          // so they also leave out the manifest (snapshot) and remote-loading
          // code. A remote running alone in development keeps its own.
          experiments: isHost
            ? { provideExternalRuntime: true, optimization: { target: 'web' } }
            : {
                externalRuntime: !isDev,
                optimization: { target: 'web', disableSnapshot: true, disableRemote: true },
              },
        }),
        new rspack.DefinePlugin({
          'process.env.NODE_ENV': JSON.stringify(mode),
        }),
        withPage &&
          new rspack.HtmlRspackPlugin({
            template: path.join(appDir, 'src/index.html'),
            title: title ?? 'PsicoCampus',
            scriptLoading: 'defer',
            minify: !isDev,
          }),
        !isDev && new PrecompressPlugin(),
      ].filter(Boolean),
      optimization: {
        // Named chunks keep the bundle report readable; hashes still bust caches.
        chunkIds: isDev ? 'named' : 'deterministic',
        splitChunks: {
          cacheGroups: {
            // Each shared package is its own async chunk; a small dependency
            // that several of them use (reselect under Redux Toolkit, RTK
            // Query and its hooks) was copied into each instead of loaded once.
            sharedDependencies: {
              test: /[\\/]node_modules[\\/]/,
              chunks: 'async',
              minChunks: 2,
              minSize: 0,
              reuseExistingChunk: true,
            },
          },
        },
      },
      performance: { hints: false },
      devServer: {
        port: DEV_PORTS[name],
        hot: true,
        historyApiFallback: isHost,
        // A remote registered by its manifest is fetched with fetch(), so it
        // needs CORS for the shell's origin (docs/architecture.md#remotes-served-from-another-origin).
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: isHost ? [{ context: ['/api'], target: 'http://localhost:8080' }] : [],
      },
    };
    options.customize?.(config, mode);
    return config;
  };
}

/**
 * `federation-runtime.js`: the Module Federation runtime on its own, for a
 * page that loads a remote without the shell (an integrator's page, the
 * assessment's embed example). Remotes leave the runtime to their host
 * (experiments.externalRuntime) so each remoteEntry.js stays small
 * (docs/limits-and-budgets.md#speed-and-size-budgets); the shell provides it to them, and this file does the same
 * anywhere else. Built after the remote, into the same folder.
 *
 * @param {{ appDir: string, dependsOn: string }} options
 * @returns {import('@rspack/core').Configuration}
 */
export function createFederationRuntimeConfig({ appDir, dependsOn }) {
  return {
    name: `${dependsOn}-federation-runtime`,
    dependencies: [dependsOn],
    mode: 'production',
    context: appDir,
    entry: {
      'federation-runtime': path.join(workspaceRoot, 'tools/rspack/federation-runtime.mjs'),
    },
    devtool: 'source-map',
    target: ['web', 'es2020'],
    output: { path: path.join(appDir, 'dist'), filename: '[name].js', clean: false },
    plugins: [new PrecompressPlugin()],
    performance: { hints: false },
  };
}

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { createAppConfig } from '../../tools/rspack/create-app-config.mjs';
import { devRemotesJson } from '../../tools/rspack/remotes.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

/** In development the remotes run on their own dev servers (remote-descriptors.json). */
const devRemotes = devRemotesJson();

export default createAppConfig({
  appDir,
  name: 'shell',
  kind: 'host',
  cssPrefix: 'pc',
  title: 'PsicoCampus',
  customize(config, mode) {
    // remotes.json is read at run time, next to index.html (docs/architecture.md#remotes-at-run-time).
    config.plugins.push(
      new rspack.CopyRspackPlugin({ patterns: [{ from: path.join(appDir, 'public') }] }),
    );
    if (mode === 'development') {
      config.devServer.setupMiddlewares = (middlewares) => {
        middlewares.unshift({
          name: 'dev-remotes-json',
          path: '/remotes.json',
          middleware: (_req, res) => {
            res.setHeader('Content-Type', 'application/json');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(JSON.stringify(devRemotes));
          },
        });
        return middlewares;
      };
    }
  },
});

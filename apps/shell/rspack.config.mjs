import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { createAppConfig, DEV_PORTS } from '../../tools/rspack/create-app-config.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

/** In development the remotes run on their own dev servers. */
const devRemotes = {
  auth: `http://localhost:${DEV_PORTS.auth}/mf-manifest.json`,
  patients: `http://localhost:${DEV_PORTS.patients}/mf-manifest.json`,
  assessment: `http://localhost:${DEV_PORTS.assessment}/mf-manifest.json`,
  admin: `http://localhost:${DEV_PORTS.admin}/mf-manifest.json`,
};

export default createAppConfig({
  appDir,
  name: 'shell',
  kind: 'host',
  cssPrefix: 'pc',
  title: 'PsicoCampus',
  customize(config, mode) {
    // remotes.json is read at run time, next to index.html (PRODUCT §1).
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

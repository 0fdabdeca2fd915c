// The browser tests run against the production builds of the front ends:
// fail early, in Spanish-free plain words, if they are missing.
const { existsSync } = require('node:fs');
const path = require('node:path');

module.exports = async () => {
  const root = path.resolve(__dirname, '../..');
  // The remotes as libs/shared/src/domain/remote-descriptors.json lists them.
  const { remotes } = require('../../libs/shared/src/domain/remote-descriptors.json');
  const apps = ['shell', ...remotes.map((remote) => `${remote.name}-mfe`)];
  const missing = apps.filter(
    (app) =>
      !existsSync(
        path.join(root, 'apps', app, 'dist', app === 'shell' ? 'index.html' : 'mf-manifest.json'),
      ),
  );
  if (missing.length) {
    throw new Error(`Build the front ends first (npm run build); missing: ${missing.join(', ')}`);
  }
  if (!existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) {
    throw new Error('Chromium is missing: apt-get install -y chromium');
  }
};

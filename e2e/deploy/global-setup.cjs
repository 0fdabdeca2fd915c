// The deployment test needs the production builds (front ends and server),
// Chromium, nginx and a PostgreSQL server: say which is missing, plainly.
const { existsSync } = require('node:fs');
const path = require('node:path');
const pg = require('pg');

module.exports = async () => {
  const root = path.resolve(__dirname, '../..');
  // The remotes as libs/shared/src/domain/remote-descriptors.json lists them.
  const { remotes } = require('../../libs/shared/src/domain/remote-descriptors.json');
  const needed = [
    'apps/shell/dist/index.html',
    ...remotes.map(({ name }) => `apps/${name}-mfe/dist/mf-manifest.json`),
    'apps/api/dist/main.js',
  ].filter((file) => !existsSync(path.join(root, file)));
  if (needed.length) {
    throw new Error(`Build first (npm run build); missing: ${needed.join(', ')}`);
  }
  if (!existsSync(process.env.CHROMIUM_PATH || '/usr/bin/chromium')) {
    throw new Error('Chromium is missing: apt-get install -y chromium');
  }
  if (!existsSync(process.env.NGINX_PATH || '/usr/sbin/nginx')) {
    throw new Error('nginx is missing: apt-get install -y nginx');
  }
  const url = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    await client.end();
  } catch (error) {
    throw new Error(`No PostgreSQL server at ${url} (set DATABASE_URL): ${error.message}`, {
      cause: error,
    });
  }
};

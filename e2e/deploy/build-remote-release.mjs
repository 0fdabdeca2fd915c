// `node e2e/deploy/build-remote-release.mjs <remote> <release> <out-dir>`:
// a production build of one remote, made exactly as `npm run build` makes it
// (its own rspack.config.mjs) but written to another folder and carrying a
// release marker (release-marker-loader.cjs). The deployment test publishes
// it as a new release of that remote, the way a team would.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';

const [remote, release, outDir] = process.argv.slice(2);
if (!remote || !release || !outDir) {
  console.error('usage: build-remote-release.mjs <remote> <release> <out-dir>');
  process.exit(2);
}
const here = path.dirname(fileURLToPath(import.meta.url));
const appDir = path.resolve(here, '../../apps', `${remote}-mfe`);
const { default: createConfig } = await import(path.join(appDir, 'rspack.config.mjs'));
const config = createConfig({}, { mode: 'production' });
config.output.path = path.resolve(outDir);
config.module.rules.push({
  test: path.join(appDir, 'src/remote-module.tsx'),
  enforce: 'pre',
  loader: path.join(here, 'release-marker-loader.cjs'),
  options: { remote, release },
});

const stats = await new Promise((resolve, reject) => {
  rspack(config).run((error, result) => (error ? reject(error) : resolve(result)));
});
if (stats.hasErrors()) {
  console.error(stats.toString({ all: false, errors: true }));
  process.exit(1);
}
console.log(`built ${remote} ${release} into ${config.output.path}`);

import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../../tools/rspack/create-app-config.mjs';

export default createAppConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'assessment',
  kind: 'remote',
  cssPrefix: 'eva',
  title: 'Evaluaciones (desarrollo)',
  exposes: { './Module': './src/remote-module.tsx' },
});

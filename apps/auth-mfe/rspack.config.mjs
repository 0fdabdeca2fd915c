import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../../tools/rspack/create-app-config.mjs';

export default createAppConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'auth',
  kind: 'remote',
  cssPrefix: 'auth',
  title: 'Acceso (desarrollo)',
  exposes: { './Module': './src/remote-module.tsx' },
});

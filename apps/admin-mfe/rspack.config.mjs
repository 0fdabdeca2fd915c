import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createAppConfig } from '../../tools/rspack/create-app-config.mjs';

export default createAppConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'admin',
  kind: 'remote',
  cssPrefix: 'adm',
  title: 'Administración (desarrollo)',
  exposes: { './Module': './src/remote-module.tsx' },
});

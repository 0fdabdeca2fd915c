import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { createAppConfig } from '../../tools/rspack/create-app-config.mjs';

export default createAppConfig({
  appDir: path.dirname(fileURLToPath(import.meta.url)),
  name: 'assessment',
  kind: 'remote',
  cssPrefix: 'eva',
  title: 'Evaluaciones (desarrollo)',
  exposes: {
    // The shell: routes and menu (pages load lazily, so this entry stays small).
    './Module': './src/remote-module.tsx',
    // Other remotes: the Columbia form, rendered in their own modal (AssessmentFormProps).
    './AssessmentForm': './src/features/assessment-form/assessment-form.component.tsx',
    // Integrators' pages: mount(element, options) → unmount, no React needed.
    './embed': './src/embed/index.ts',
  },
  customize(config) {
    // The example page for integrators ships with every build (PRODUCT §1).
    config.plugins.push(
      new rspack.CopyRspackPlugin({
        patterns: [{ from: 'src/embed/embed-example.html', to: 'embed-example.html' }],
      }),
    );
  },
});

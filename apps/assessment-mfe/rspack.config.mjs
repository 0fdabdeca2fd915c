import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import {
  createAppConfig,
  createFederationRuntimeConfig,
} from '../../tools/rspack/create-app-config.mjs';

const appDir = path.dirname(fileURLToPath(import.meta.url));

const remoteConfig = createAppConfig({
  appDir,
  name: 'assessment',
  kind: 'remote',
  cssPrefix: 'eva',
  title: 'Evaluaciones (desarrollo)',
  exposes: {
    // The shell: routes and menu (pages load lazily, so this entry stays small).
    './Module': './src/remote-module.tsx',
    // Other remotes: the Columbia form, rendered in their own modal (AssessmentFormProps).
    './AssessmentForm': './src/components/assessment-form/assessment-form.component.tsx',
    // Other remotes: a student's evaluations as a section (StudentEvaluationsProps).
    './StudentEvaluations': './src/features/evaluations/student-evaluations.component.tsx',
    // Integrators' pages: mount(element, options) → unmount, no React needed.
    './embed': './src/embed/index.ts',
  },
  customize(config) {
    // The example page for integrators ships with every build (docs/architecture.md#the-embeddable-assessment).
    config.plugins.push(
      new rspack.CopyRspackPlugin({
        patterns: ['html', 'js', 'css'].map((extension) => ({
          from: `embed-example/embed-example.${extension}`,
          to: `embed-example.${extension}`,
        })),
      }),
    );
  },
});

/**
 * Production also builds federation-runtime.js, which integrators' pages load
 * before remoteEntry.js (there is no shell there to provide the runtime).
 */
export default (env, argv = {}) => {
  const config = remoteConfig(env, argv);
  if (config.mode === 'development') return config;
  return [
    { ...config, name: 'assessment' },
    createFederationRuntimeConfig({ appDir, dependsOn: 'assessment' }),
  ];
};

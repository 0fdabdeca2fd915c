// One ESLint configuration for the whole repository. Besides the usual
// TypeScript and React rules it enforces the architecture: no app imports
// another app's source, libs/shared imports no app, and the server takes only
// the framework-free part of the shared library.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { routerSurface } from './tools/rspack/router-surface.mjs';

const APP_PACKAGES = [
  '@psicocampus/shell',
  '@psicocampus/auth-mfe',
  '@psicocampus/patients-mfe',
  '@psicocampus/assessment-mfe',
  '@psicocampus/admin-mfe',
  '@psicocampus/api',
];

// The page shares only part of react-router-dom (tools/rspack/react-router-dom.mjs):
// a name outside it would be undefined at run time, and react-router itself
// would be a second router. Type names cost nothing at run time.
const ROUTER_TYPES = [
  'RouteObject',
  'To',
  'Location',
  'NavigateFunction',
  'NavigateOptions',
  'Params',
  'PathMatch',
  'LinkProps',
  'NavLinkProps',
  'SetURLSearchParams',
  'URLSearchParamsInit',
];
const sharedRouter = [
  {
    name: 'react-router-dom',
    allowImportNames: [...routerSurface(), ...ROUTER_TYPES],
    message:
      'The page shares only part of react-router-dom: add the name to tools/rspack/react-router-dom.mjs first.',
  },
];
const noReactRouter = {
  group: ['react-router', 'react-router/*'],
  message:
    'Import from react-router-dom: react-router itself is not shared, so it would be a second router.',
};

const noOtherApps = {
  group: APP_PACKAGES.flatMap((name) => [name, `${name}/*`]),
  message: "An app never imports another app's source: share it through libs/shared.",
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.nx/**',
      '**/coverage/**',
      '.data/**',
      '.e2e/**',
      'apps/api/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] }),
      ],
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // A relative path into another package (../../auth-mfe/src/...) is the
    // other way an app could reach into another's source. (Build configs may
    // take the shared helpers under tools/.)
    files: ['apps/*/src/**', 'apps/*/test/**', 'libs/*/src/**'],
    rules: { 'import-x/no-relative-packages': 'error' },
  },
  {
    files: ['apps/{shell,auth-mfe,patients-mfe,assessment-mfe,admin-mfe}/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: sharedRouter,
          patterns: [
            noOtherApps,
            noReactRouter,
            {
              group: ['formik', 'sweetalert2'],
              message:
                'Use @psicocampus/shared/forms and @psicocampus/shared/ui: one Formik and one dialog look in the page.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/shared/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: sharedRouter,
          patterns: [
            { ...noOtherApps, message: 'libs/shared never imports an app.' },
            { regex: '(^|/)apps/', message: 'libs/shared never imports an app.' },
            noReactRouter,
            {
              // Each entry of the package (., ./domain, ./ui, ./forms, ./charts, ./profile)
              // is one shared module in the page: reaching into another by a
              // relative path would put a second copy of it in this one.
              regex: '^(\\.\\./)+(domain|ui|forms|charts|profile)(/|$)',
              message:
                'Import another entry of the library by its name (@psicocampus/shared/domain, /ui, /forms, /charts, /profile).',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['libs/shared/src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'react/*', '@reduxjs/*', 'sweetalert2', 'node:*'],
              message: 'The domain is framework-free: the server and the browser both use it.',
            },
            {
              group: [
                '**/api/*',
                '**/ui/*',
                '**/store/*',
                '**/session/*',
                '**/contracts/*',
                '**/forms/*',
              ],
              message: 'The domain imports only the domain.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/**/*.ts'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noOtherApps,
            {
              regex: '^@psicocampus/shared(/(?!domain$).*)?$',
              message: 'The server takes only @psicocampus/shared/domain (no React, no DOM).',
            },
          ],
        },
      ],
    },
  },
  {
    files: [
      'apps/api/src/main.ts',
      'tools/**',
      'e2e/**',
      'bench/**',
      '**/*.config.*',
      '**/build.mjs',
    ],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['**/*.{cjs,mjs,js}'],
    languageOptions: { globals: globals.node },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The benchmarks run some of their code inside the measured page.
    files: ['bench/**'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);

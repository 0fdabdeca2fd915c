// One ESLint configuration for the whole repository. Besides the usual
// TypeScript and React rules it enforces the architecture: no app imports
// another app's source, libs/shared imports no app, and the server takes only
// the framework-free part of the shared library.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { appFolder, appPackage, REMOTE_NAMES } from './tools/rspack/remotes.mjs';
import { routerSurface } from './tools/rspack/router-surface.mjs';
import { featureZones } from './tools/lint/feature-zones.mjs';

// The remotes come from libs/shared/src/domain/remote-descriptors.json.
const APP_PACKAGES = ['@psicocampus/shell', ...REMOTE_NAMES.map(appPackage), '@psicocampus/api'];
const FRONT_END_FOLDERS = ['apps/shell', ...REMOTE_NAMES.map(appFolder)];

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
  'HistoryRouterProps',
];
const sharedRouter = [
  {
    name: 'react-router-dom',
    allowImportNames: [...routerSurface(), ...ROUTER_TYPES],
    message:
      'The page shares only part of react-router-dom: add the name to tools/rspack/react-router-dom.mjs first.',
  },
];
// One store, typed once (libs/shared/src/store/create-store.ts): the plain
// hooks need a cast or a type argument at every caller, and each is a chance
// to type the state wrongly.
const plainReduxHooks = {
  name: 'react-redux',
  importNames: ['useSelector', 'useDispatch', 'useStore'],
  message:
    'Use useAppSelector, useAppDispatch or useAppStore from @psicocampus/shared/core: the store typed once.',
};
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
      // Compiled by its test against types generated there, which lint cannot see.
      'apps/api/test/fixtures/generated-client-use.ts',
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
      // The modules an import reaches are read too (no-cycle follows them):
      // TypeScript's, with TypeScript's parser.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
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
    // An import circle makes the order modules start in decide what a name
    // holds (undefined on the first pass), and ties the modules into one
    // room: docs/architecture.md#no-import-circles.
    files: ['apps/*/src/**/*.{ts,tsx}', 'libs/*/src/**/*.{ts,tsx}'],
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    // Feature walls (docs/architecture.md#feature-folders): a feature of an
    // app imports nothing from another feature of that app, and what they
    // share (components/, lib/) imports no feature; only the app's own
    // composition (app/, remote-module, the exposed entries) puts them together.
    files: FRONT_END_FOLDERS.map((folder) => `${folder}/src/**/*.{ts,tsx}`),
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { basePath: import.meta.dirname, zones: featureZones(FRONT_END_FOLDERS) },
      ],
    },
  },
  {
    files: FRONT_END_FOLDERS.map((folder) => `${folder}/**/*.{ts,tsx}`),
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': [
        'error',
        {
          paths: [...sharedRouter, plainReduxHooks],
          patterns: [
            noOtherApps,
            noReactRouter,
            {
              group: ['formik', 'sweetalert2'],
              message:
                'Use @psicocampus/shared/forms and @psicocampus/shared/ui: one Formik and one dialog look in the page.',
            },
            {
              group: ['@psicocampus/shared/server-messages'],
              message:
                'The texts of PDFs, mails and commands are the server’s: the page never downloads them.',
            },
          ],
        },
      ],
    },
  },
  {
    // What runs before anyone signs in (docs/limits-and-budgets.md#speed-and-size-budgets: /login loads only the
    // shell, the auth remote and the shared singletons): the shell, and the
    // auth remote's sign-in page with its recovery dialog. It takes only the
    // `core`, `domain`, `ui` and `forms` entries of the shared library, so the
    // API slice (the package's main entry) cannot slip back onto /login. A
    // dynamic `import('@psicocampus/shared')` on submit stays allowed: the rule
    // sees static imports only, and a type-only import costs nothing.
    files: ['apps/shell/src/**/*.{ts,tsx}', 'apps/auth-mfe/src/**/*.{ts,tsx}'],
    ignores: [
      '**/*.test.{ts,tsx}',
      '**/testing/**',
      // The dev-only page that runs the remote alone.
      'apps/auth-mfe/src/dev/**',
      // Reached only through the dashboards' lazy chunk, after sign-in
      // (app-routes.component.tsx); the rule below keeps it that way.
      'apps/shell/src/app/layout/dashboard-layout.component.tsx',
      'apps/shell/src/app/layout/dashboard-nav.component.tsx',
      'apps/shell/src/features/session/use-current-user.ts',
      'apps/shell/src/features/session/use-sign-out.ts',
      // Their own lazy routes (remote-module.tsx), never part of /login;
      // they check a link with the API before showing anything.
      'apps/auth-mfe/src/features/reset-password/**',
      'apps/auth-mfe/src/features/confirm-email/**',
      // The second factor's step (docs/sign-in-and-sessions.md#second-factor), lazy: only when the server asks for it.
      'apps/auth-mfe/src/features/login/second-factor/**',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@psicocampus/shared(/(?!(core|domain|ui|forms)$).*)?$',
              allowTypeImports: true,
              message:
                'Code that runs before sign-in takes only @psicocampus/shared/core, /domain, /ui and /forms (docs/limits-and-budgets.md#speed-and-size-budgets, /login budget). Load the API slice with a dynamic import() when it is needed.',
            },
            {
              group: [
                '**/dashboard-layout.component',
                '**/dashboard-nav.component',
                '**/session/use-current-user',
                '**/session/use-sign-out',
                '**/use-current-user',
                '**/use-sign-out',
                '**/reset-password/*',
                '**/confirm-email/*',
                '**/second-factor/*',
              ],
              allowTypeImports: true,
              message:
                'This module runs after sign-in (or on its own lazy route) and takes the API slice: load it with lazy(() => import(...)).',
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
          paths: [...sharedRouter, plainReduxHooks],
          patterns: [
            { ...noOtherApps, message: 'libs/shared never imports an app.' },
            { regex: '(^|/)apps/', message: 'libs/shared never imports an app.' },
            noReactRouter,
            {
              // Each entry of the package (., ./domain, ./ui, ./forms, ./charts, ./profile)
              // is one shared module in the page: reaching into another by a
              // relative path would put a second copy of it in this one.
              regex: '^(\\.\\./)+(domain|ui|forms|charts|profile|statistics)(/|$)',
              message:
                'Import another entry of the library by its name (@psicocampus/shared/domain, /ui, /forms, /charts, /profile, /statistics).',
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
              regex:
                '^@psicocampus/shared(/(?!(domain|columbia|clinician-level|signed-notes|follow-up|fhir|server-messages|mail|admin-messages|audit-labels|safety-plan|record-export|mfa)$).*)?$',
              message:
                'The server takes only @psicocampus/shared/domain, /columbia, /clinician-level, /signed-notes, /follow-up, /fhir, /server-messages, /mail, /admin-messages, /audit-labels, /safety-plan, /record-export and /mfa (no React, no DOM).',
            },
          ],
        },
      ],
    },
  },
  {
    // One clock (docs/decisions.md#one-clock): the server's machine may run on
    // any zone, so every date or time it writes for a person names the
    // service's (config.serviceTimeZone), never the machine's by default.
    files: ['apps/api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.name=/^format(DateTime|Date)$/][arguments.length<2]',
          message:
            "Pass the service's zone (config.serviceTimeZone): without it the date is on the machine's clock.",
        },
        {
          selector:
            "NewExpression[callee.property.name='DateTimeFormat']:not(:has(Property[key.name='timeZone']))",
          message:
            "Give the formatter a timeZone (config.serviceTimeZone): without it the date is on the machine's clock.",
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
          message:
            "Use the shared formatters with the service's zone (formatDateTimeIn, formatDay): docs/decisions.md#one-clock.",
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

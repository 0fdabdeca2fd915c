const preset = require('../../tools/jest/preset.cjs')({ environment: 'node' });

module.exports = {
  ...preset,
  // The built server (dist/, API_UNDER_TEST=dist) is run as `npm start` runs
  // it, never compiled again.
  transformIgnorePatterns: [...preset.transformIgnorePatterns, '<rootDir>/dist/'],
  // The reports read by poppler and qpdf, Debian packages a fresh machine may
  // lack: run by `.ci/run` (test:built) and `npm run test:pdf-readers`.
  testPathIgnorePatterns: [
    '/node_modules/',
    ...(process.env.PDF_READERS ? [] : ['/pdf-readers\\.test\\.ts$']),
  ],
  // A database migrated once per run, which each test server copies
  // (test/helpers/template-database.ts); removed at the end.
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  // Each file opens its own database; PGlite and argon2 like a core each.
  maxWorkers: 2,
  // A guard against a hang, not a speed test: two `npm test` runs side by side
  // on two cores make a test server start several times slower.
  testTimeout: 120_000,
};

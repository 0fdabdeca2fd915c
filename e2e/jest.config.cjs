module.exports = {
  ...require('../tools/jest/preset.cjs')({ environment: 'node' }),
  testMatch: ['<rootDir>/tests/**/*.e2e.test.ts'],
  globalSetup: '<rootDir>/support/global-setup.cjs',
  setupFilesAfterEnv: ['<rootDir>/support/csp-guard.ts'],
  // A browser and a server per file; one file at a time on two cores.
  maxWorkers: 1,
  testTimeout: 60_000,
};

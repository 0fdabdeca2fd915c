// `npm run e2e:deploy`: deploy/README.md on loopback (PostgreSQL, two server
// processes, nginx). Separate from `npm run e2e`: it needs nginx and a
// PostgreSQL server, and starts processes of its own.
module.exports = {
  ...require('../tools/jest/preset.cjs')({ environment: 'node' }),
  testMatch: ['<rootDir>/deploy/**/*.deploy.test.ts'],
  globalSetup: '<rootDir>/deploy/global-setup.cjs',
  setupFilesAfterEnv: ['<rootDir>/support/csp-guard.ts'],
  maxWorkers: 1,
  testTimeout: 90_000,
};

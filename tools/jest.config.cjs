module.exports = {
  ...require('./jest/preset.cjs')({ environment: 'node' }),
  testMatch: ['<rootDir>/test/**/*.test.{ts,mjs,js}'],
  testTimeout: 30_000,
};

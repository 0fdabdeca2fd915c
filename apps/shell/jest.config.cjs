const preset = require('../../tools/jest/preset.cjs')();

module.exports = {
  ...preset,
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^@module-federation/enhanced/runtime$': '<rootDir>/src/testing/mf-runtime.mock.ts',
  },
};

/**
 * Jest settings shared by every project. SWC compiles TypeScript and JSX;
 * CSS modules resolve to their class names; jest-dom matchers are loaded.
 */
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      target: 'es2022',
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];

/** @param {{ environment?: 'jsdom' | 'node' }} options */
module.exports = function preset({ environment = 'jsdom' } = {}) {
  return {
    testEnvironment:
      environment === 'jsdom' ? path.join(__dirname, 'jsdom-environment.cjs') : 'node',
    transform: { '^.+\\.(t|j)sx?$': swc, '^.+\\.mjs$': swc },
    // otplib's base32 and hash packages (the server's second factor) ship
    // only ESM, which Node loads but Jest does not.
    transformIgnorePatterns: [
      '/node_modules/(?!(@scure/base|@noble/hashes|@otplib/plugin-crypto-noble/node_modules/@noble/hashes)/)',
    ],
    moduleNameMapper: { '\\.css$': 'identity-obj-proxy' },
    setupFilesAfterEnv: environment === 'jsdom' ? [path.join(__dirname, 'setup-dom.cjs')] : [],
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
    clearMocks: true,
    // A form test types and clicks through a whole screen: 2–3 s alone, and
    // several times that when CI runs every project at once on two cores.
    testTimeout: 20_000,
  };
};

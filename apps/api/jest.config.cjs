const preset = require('../../tools/jest/preset.cjs')({ environment: 'node' });

module.exports = {
  ...preset,
  // Each file opens its own database; PGlite and argon2 like a core each.
  maxWorkers: 2,
  testTimeout: 30_000,
};

const path = require('node:path');
const preset = require('../../tools/jest/preset.cjs')();

const nodeModules = path.resolve(__dirname, '../../node_modules');

/**
 * The shared preset, plus what nivo (the statistics charts) needs under
 * Jest: its ES module build, the one the browser bundle uses (its CommonJS
 * build passes react-virtualized-auto-sizer's module object where a
 * component is expected), compiled to CommonJS together with the d3 modules
 * it imports, which ship only as ES modules.
 */
module.exports = {
  ...preset,
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    '^@nivo/([a-z-]+)$': `${nodeModules}/@nivo/$1/dist/nivo-$1.mjs`,
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(cookie|content-disposition|@nivo|d3-[a-z-]+|internmap)/)',
  ],
};

/**
 * Stands in for @module-federation/enhanced/runtime in the shell's tests
 * (jest.config.cjs maps it here): tests decide what loadRemote answers.
 */
export const loadRemote = jest.fn();
export const registerRemotes = jest.fn();
export const registerPlugins = jest.fn();

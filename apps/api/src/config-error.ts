/** A setting of the environment the server cannot start with; its message says which and why. */
export class ConfigError extends Error {}

/** Half of a UTF-16 surrogate pair without its other half. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * A text the database can store, for what the server records of a request
 * without validating it (a URL's id in the audit log): NUL, which
 * PostgreSQL refuses, and lone surrogate halves become U+FFFD.
 */
export function storableText(value: string): string {
  return value.replaceAll('\u0000', '\ufffd').replace(LONE_SURROGATE, '\ufffd');
}

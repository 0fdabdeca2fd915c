import { ConfigError } from '../config-error';

/**
 * 32 bytes written as base64 (`openssl rand -base64 32`) or as 64 hex digits.
 * The value is never repeated in the message: it is a secret.
 */
export function parseEncryptionKey(
  raw: string | undefined,
  name = 'MFA_ENCRYPTION_KEY',
): Buffer | null {
  const text = raw?.trim();
  if (!text) return null;
  let key: Buffer | null = null;
  if (/^[0-9a-fA-F]{64}$/.test(text)) key = Buffer.from(text, 'hex');
  else if (/^[A-Za-z0-9+/]{43}=$/.test(text)) key = Buffer.from(text, 'base64');
  if (key?.length !== 32) {
    throw new ConfigError(
      `${name} must be 32 bytes in base64 (44 characters, as \`openssl rand -base64 32\` writes them) or in hex (64 digits)`,
    );
  }
  return key;
}

/** Keys separated by commas, each as parseEncryptionKey reads one. */
export function parseEncryptionKeys(raw: string | undefined, name: string): Buffer[] {
  return (raw ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '')
    .map((part) => parseEncryptionKey(part, name)!);
}

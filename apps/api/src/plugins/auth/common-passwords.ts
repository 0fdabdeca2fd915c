import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The most common passwords (about 49,000, from zxcvbn-ts's list), refused
 * whatever their length (docs/sign-in-and-sessions.md#passwords), plus a few this product invites.
 */
const COMMON = new Set<string>([
  ...(dictionary['passwords-common'] as string[]),
  'psicocampus',
  'psicocampus123',
  'contraseña',
  'contraseña123',
  'contrasena123',
  'universidad123',
]);

export function isCommonPassword(password: string): boolean {
  const normalized = password.trim().toLowerCase();
  return COMMON.has(normalized) || COMMON.has(normalized.replace(/\s+/g, ''));
}

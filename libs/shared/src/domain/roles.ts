export const ROLES = ['ADMIN', 'PSYCHOLOGIST'] as const;

export type Role = (typeof ROLES)[number];

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

/** Spanish label of a role, as the interface shows it. */
export const ROLE_LABELS: Record<Role, string> = {
  ADMIN: 'Administrador/a',
  PSYCHOLOGIST: 'Psicólogo/a',
};

import { isRole, type StaffUser } from '@psicocampus/shared/domain';
import type { StaffUserRow } from './user.queries';

/** An account as the administrators' users screen shows it (docs/screens-and-routes.md#admin-area). */
export function toStaffUser(row: StaffUserRow): StaffUser {
  if (!isRole(row.role)) throw new Error(`user ${row.id} has an unknown role`);
  return {
    _id: row.id,
    email: row.email,
    role: row.role,
    firstName: row.firstName,
    lastName: row.lastName,
    phone: row.phone ?? null,
    active: row.active,
    hasPassword: row.hasPassword,
    hasSecondFactor: row.hasSecondFactor,
    caseloadSize: row.caseloadSize,
    createdAt: row.createdAt.toISOString(),
    pendingEmail: row.pendingEmail ?? null,
  };
}

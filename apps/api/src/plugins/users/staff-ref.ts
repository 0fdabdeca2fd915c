import type { StaffRef } from '@psicocampus/shared/domain';
import { users } from '../../db/schema';

/** The columns other records show of a staff member: select it as a nested object of a join. */
export const staffRefColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
};

export interface StaffRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** `{_id, firstName, lastName, email}`, or null for an account that no longer exists. */
export function toStaffRef(row: StaffRow | null): StaffRef | null {
  return row
    ? { _id: row.id, firstName: row.firstName, lastName: row.lastName, email: row.email }
    : null;
}

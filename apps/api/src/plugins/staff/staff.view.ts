import { isRole, type OwnProfile, type Psychologist } from '@psicocampus/shared/domain';
import type { UserRow } from '../users/user.queries';

/** A staff member as GET /api/psychologists/:id and the profile answer them. */
export function toPsychologist(user: UserRow): Psychologist {
  if (!isRole(user.role)) throw new Error(`user ${user.id} has an unknown role`);
  return {
    _id: user.id,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    role: user.role,
    phone: user.phone ?? null,
  };
}

/** The signed-in user's own record, with the address it is moving to, if any. */
export function toOwnProfile(user: UserRow, pendingEmail: string | null): OwnProfile {
  return { ...toPsychologist(user), pendingEmail };
}

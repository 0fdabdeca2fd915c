import { userSchema, type Role, type StaffUser, type UserBody } from '@psicocampus/shared';

export interface UserFormValues {
  firstName: string;
  lastName: string;
  email: string;
  role: Role | '';
  phone: string;
}

export const USER_FIELDS = ['firstName', 'lastName', 'email', 'role', 'phone'] as const;

/** The form for `user`, or an empty one (a new psychologist, the usual case). */
export function toUserFormValues(user: StaffUser | null): UserFormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    role: user?.role ?? 'PSYCHOLOGIST',
    phone: user?.phone ?? '',
  };
}

/** What POST/PUT /api/users takes: trimmed, and '' for no phone (it clears one). */
export function toUserBody(values: UserFormValues): UserBody {
  const body = userSchema.cast(values, { stripUnknown: true });
  return { ...body, phone: body.phone ?? '' };
}

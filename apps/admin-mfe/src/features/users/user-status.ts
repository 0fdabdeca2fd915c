import { MSG, type StaffUser } from '@psicocampus/shared';

export type UserStatus = 'active' | 'inactive' | 'pending';

/** Deactivated; active but still without a password (the invitation is unused); or active. */
export function userStatus(user: Pick<StaffUser, 'active' | 'hasPassword'>): UserStatus {
  if (!user.active) return 'inactive';
  return user.hasPassword ? 'active' : 'pending';
}

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: MSG.admin.active,
  inactive: MSG.admin.inactive,
  pending: MSG.admin.pendingPassword,
};

/** A shape beside the status, so it never reads by colour alone. */
export const USER_STATUS_MARKS: Record<UserStatus, string> = {
  active: '●',
  inactive: '○',
  pending: '◐',
};

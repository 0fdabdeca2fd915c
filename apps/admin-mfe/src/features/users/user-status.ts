import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { type StaffUser } from '@psicocampus/shared';

export type UserStatus = 'active' | 'inactive' | 'pending';

/** Deactivated; active but still without a password (the invitation is unused); or active. */
export function userStatus(user: Pick<StaffUser, 'active' | 'hasPassword'>): UserStatus {
  if (!user.active) return 'inactive';
  return user.hasPassword ? 'active' : 'pending';
}

export const USER_STATUS_LABELS: Record<UserStatus, string> = {
  active: ADMIN_MSG.active,
  inactive: ADMIN_MSG.inactive,
  pending: ADMIN_MSG.pendingPassword,
};

/** A shape beside the status, so it never reads by colour alone. */
export const USER_STATUS_MARKS: Record<UserStatus, string> = {
  active: '●',
  inactive: '○',
  pending: '◐',
};

import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import type { StaffUser } from '@psicocampus/shared';
import { MFA_MSG } from '@psicocampus/shared/mfa';
import { Button, VisuallyHidden } from '@psicocampus/shared/ui';
import styles from './users.module.css';

/** What can be done with one staff account, each handler given the account. */
export interface UserActionHandlers {
  onEdit: (user: StaffUser) => void;
  onDeactivate: (user: StaffUser) => void;
  onReactivate: (user: StaffUser) => void;
  onSendResetLink: (user: StaffUser) => void;
  /** Resets another account's second factor (never one's own; only one it has). */
  onResetMfa: (user: StaffUser) => void;
}

interface Props extends UserActionHandlers {
  user: StaffUser;
  name: string;
  /** The signed-in administrator's own row: no 'Desactivar' and no second-factor reset. */
  isMe: boolean;
  /** An action is running for this account: its buttons wait. */
  busy: boolean;
}

/** The buttons of one account's row, each naming the account for screen readers. */
export function UserActionsCell({ user, name, isMe, busy, ...on }: Props) {
  const M = ADMIN_MSG;
  const forName = <VisuallyHidden> ({name})</VisuallyHidden>;
  const action = (label: string, handler: (user: StaffUser) => void) => (
    <Button
      variant="secondary"
      className={styles.action}
      disabled={busy}
      onClick={() => handler(user)}
    >
      {label}
      {forName}
    </Button>
  );
  return (
    <td>
      <div className={styles.actions} role="group" aria-label={M.rowActions(name)}>
        {action(M.edit, on.onEdit)}
        {user.active && !isMe && action(M.deactivate, on.onDeactivate)}
        {!user.active && action(M.reactivate, on.onReactivate)}
        {user.active && action(M.sendResetLink, on.onSendResetLink)}
        {!isMe && user.hasSecondFactor && action(MFA_MSG.resetAction, on.onResetMfa)}
      </div>
    </td>
  );
}

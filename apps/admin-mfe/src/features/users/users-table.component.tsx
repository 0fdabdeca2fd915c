import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { fullName, MSG, ROLE_LABELS, type StaffUser } from '@psicocampus/shared';
import { MFA_MSG } from '@psicocampus/shared/mfa';
import { Button, EmailAddress, VisuallyHidden } from '@psicocampus/shared/ui';
import { USER_STATUS_LABELS, USER_STATUS_MARKS, userStatus } from './user-status';
import table from '../../lib/data-table.module.css';
import styles from './users.module.css';

interface Props {
  users: readonly StaffUser[];
  /** The signed-in administrator: their own row has no 'Desactivar'. */
  meId: string | undefined;
  /** The account an action is running for: its buttons wait. */
  busyId: string | null;
  onEdit: (user: StaffUser) => void;
  onDeactivate: (user: StaffUser) => void;
  onReactivate: (user: StaffUser) => void;
  onSendResetLink: (user: StaffUser) => void;
  /** Resets another account's second factor (never one's own; only one it has). */
  onResetMfa: (user: StaffUser) => void;
}

/** The staff accounts: name, e-mail, role, state, students, and what can be done with each. */
export function UsersTable({
  users,
  meId,
  busyId,
  onEdit,
  onDeactivate,
  onReactivate,
  onSendResetLink,
  onResetMfa,
}: Props) {
  const M = ADMIN_MSG;
  return (
    <div className={table.wrap}>
      <table className={table.table}>
        <caption className={table.caption}>{M.usersCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{M.columnName}</th>
            <th scope="col">{M.columnEmail}</th>
            <th scope="col">{M.columnRole}</th>
            <th scope="col">{M.columnStatus}</th>
            <th scope="col" className={table.number}>
              {M.columnCaseload}
            </th>
            <th scope="col">{M.columnActions}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const name = fullName(user);
            const status = userStatus(user);
            const busy = busyId === user._id;
            const forName = <VisuallyHidden> ({name})</VisuallyHidden>;
            return (
              <tr key={user._id}>
                <th scope="row">{name}</th>
                <td className={styles.email}>
                  <EmailAddress address={user.email} />
                  {user.pendingEmail && (
                    <span className={styles.pendingEmail}>
                      {MSG.emailChange.pendingHint(user.pendingEmail)}
                    </span>
                  )}
                </td>
                <td className={table.nowrap}>{ROLE_LABELS[user.role]}</td>
                <td>
                  <span className={`${styles.status} ${styles[status]}`}>
                    <span aria-hidden="true">{USER_STATUS_MARKS[status]}</span>{' '}
                    {USER_STATUS_LABELS[status]}
                  </span>
                </td>
                <td className={table.number}>{user.caseloadSize.toLocaleString('es')}</td>
                <td>
                  <div className={styles.actions} role="group" aria-label={M.rowActions(name)}>
                    <Button
                      variant="secondary"
                      className={styles.action}
                      disabled={busy}
                      onClick={() => onEdit(user)}
                    >
                      {M.edit}
                      {forName}
                    </Button>
                    {user.active && user._id !== meId && (
                      <Button
                        variant="secondary"
                        className={styles.action}
                        disabled={busy}
                        onClick={() => onDeactivate(user)}
                      >
                        {M.deactivate}
                        {forName}
                      </Button>
                    )}
                    {!user.active && (
                      <Button
                        variant="secondary"
                        className={styles.action}
                        disabled={busy}
                        onClick={() => onReactivate(user)}
                      >
                        {M.reactivate}
                        {forName}
                      </Button>
                    )}
                    {user.active && (
                      <Button
                        variant="secondary"
                        className={styles.action}
                        disabled={busy}
                        onClick={() => onSendResetLink(user)}
                      >
                        {M.sendResetLink}
                        {forName}
                      </Button>
                    )}
                    {user._id !== meId && user.hasSecondFactor && (
                      <Button
                        variant="secondary"
                        className={styles.action}
                        disabled={busy}
                        onClick={() => onResetMfa(user)}
                      >
                        {MFA_MSG.resetAction}
                        {forName}
                      </Button>
                    )}
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

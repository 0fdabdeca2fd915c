import { fullName, MSG, ROLE_LABELS, type StaffUser } from '@psicocampus/shared';
import { EmailAddress } from '@psicocampus/shared/ui';
import { UserActionsCell, type UserActionHandlers } from './user-actions-cell.component';
import { USER_STATUS_LABELS, USER_STATUS_MARKS, userStatus } from './user-status';
import table from '../../lib/data-table.module.css';
import styles from './users.module.css';

interface Props extends UserActionHandlers {
  user: StaffUser;
  /** The signed-in administrator: their own row has no 'Desactivar'. */
  meId: string | undefined;
  /** The account an action is running for: its buttons wait. */
  busyId: string | null;
}

/** One staff account: name, e-mail (and the one it is changing to), role, state, students. */
export function UserRow({ user, meId, busyId, ...handlers }: Props) {
  const name = fullName(user);
  const status = userStatus(user);
  return (
    <tr>
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
          <span aria-hidden="true">{USER_STATUS_MARKS[status]}</span> {USER_STATUS_LABELS[status]}
        </span>
      </td>
      <td className={table.number}>{user.caseloadSize.toLocaleString('es')}</td>
      <UserActionsCell
        user={user}
        name={name}
        isMe={user._id === meId}
        busy={busyId === user._id}
        {...handlers}
      />
    </tr>
  );
}

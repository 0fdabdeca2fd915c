import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import type { StaffUser } from '@psicocampus/shared';
import type { UserActionHandlers } from './user-actions-cell.component';
import { UserRow } from './user-row.component';
import table from '../../lib/data-table.module.css';

interface Props extends UserActionHandlers {
  users: readonly StaffUser[];
  /** The signed-in administrator: their own row has no 'Desactivar'. */
  meId: string | undefined;
  /** The account an action is running for: its buttons wait. */
  busyId: string | null;
}

/** The staff accounts: name, e-mail, role, state, students, and what can be done with each. */
export function UsersTable({ users, ...rowProps }: Props) {
  return (
    <div className={table.wrap}>
      <table className={table.table}>
        <caption className={table.caption}>{ADMIN_MSG.usersCaption}</caption>
        <UsersTableHeader />
        <tbody>
          {users.map((user) => (
            <UserRow key={user._id} user={user} {...rowProps} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The column headings, the caseload one aligned with its numbers. */
function UsersTableHeader() {
  const M = ADMIN_MSG;
  return (
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
  );
}

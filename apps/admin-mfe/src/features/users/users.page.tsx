import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useCallback, useState } from 'react';
import {
  errorMessage,
  MSG,
  selectSessionUser,
  useAppSelector,
  type StaffUser,
} from '@psicocampus/shared';
import {
  Button,
  EmptyState,
  LoadingMessage,
  Notice,
  PageHeader,
  Pagination,
} from '@psicocampus/shared/ui';
import { StudentAssignment } from './assignment/student-assignment.component';
import { MfaPolicyCard } from './mfa-policy.component';
import { ResetSecondFactorModal } from './reset-second-factor-modal.component';
import { UserFormModal } from './user-form-modal.component';
import { UsersFilters } from './users-filters.component';
import { UsersTable } from './users-table.component';
import { useUserActions } from './use-user-actions';
import { useUsersList } from './use-users-list';
import styles from './users.module.css';

type OpenForm = { kind: 'none' } | { kind: 'create' } | { kind: 'edit'; user: StaffUser };

/**
 * 'users' (docs/screens-and-routes.md#admin-area): the staff accounts, searched and filtered on the
 * server, a page at a time with their total, with create, edit,
 * deactivate/reactivate and the password link; below, the assignment of
 * students to psychologists.
 */
export default function UsersPage() {
  const { filters, list, answer, setPage } = useUsersList();
  const actions = useUserActions();
  const me = useAppSelector(selectSessionUser);
  const [form, setForm] = useState<OpenForm>({ kind: 'none' });
  const close = useCallback(() => setForm({ kind: 'none' }), []);
  const users = answer?.users;

  return (
    <div className={styles.page}>
      <PageHeader
        title={ADMIN_MSG.usersTitle}
        subtitle={ADMIN_MSG.usersSubtitle}
        actions={<Button onClick={() => setForm({ kind: 'create' })}>{ADMIN_MSG.newUser}</Button>}
      />
      <UsersFilters value={filters.values} onChange={filters.setValues} />
      <p className={styles.count} role="status">
        {answer ? ADMIN_MSG.usersCount(answer.total) : ''}
      </p>
      {list.isLoading && <LoadingMessage text={MSG.common.loading} />}
      {list.isError && (
        <Notice tone="error">
          <p>{errorMessage(list.error, ADMIN_MSG.loadUsersError)}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {MSG.common.retry}
          </Button>
        </Notice>
      )}
      {users && users.length === 0 && <EmptyState text={ADMIN_MSG.noUsers} />}
      {answer && users && users.length > 0 && (
        <>
          <UsersTable
            users={users}
            meId={me?.id}
            busyId={actions.busyId}
            onEdit={(user) => setForm({ kind: 'edit', user })}
            onDeactivate={(user) => void actions.deactivate(user)}
            onReactivate={(user) => void actions.reactivate(user)}
            onSendResetLink={(user) => void actions.sendResetLink(user)}
            onResetMfa={(user) => void actions.resetMfa(user)}
          />
          <Pagination
            page={answer.page}
            pageSize={answer.pageSize}
            total={answer.total}
            onPageChange={setPage}
            label={ADMIN_MSG.usersPages}
            totalText={ADMIN_MSG.usersCount(answer.total)}
          />
        </>
      )}

      <MfaPolicyCard />

      <StudentAssignment />

      <UserFormModal
        open={form.kind !== 'none'}
        user={form.kind === 'edit' ? form.user : null}
        onClose={close}
      />

      <ResetSecondFactorModal {...actions.mfaReset} />
    </div>
  );
}

import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import {
  MSG,
  optionsOf,
  ROLE_LABELS,
  ROLES,
  userSchema,
  type StaffUser,
} from '@psicocampus/shared';
import { useEffect } from 'react';
import {
  Formik,
  GuardedForm,
  SelectField,
  TextField,
  useFormikContext,
} from '@psicocampus/shared/forms';
import {
  Button,
  Modal,
  Notice,
  showWarningList,
  closeUnlessDialogOpen,
  useDiscardGuard,
  useLeaveGuard,
  type DiscardGuard,
} from '@psicocampus/shared/ui';
import type { UserFormValues } from './user-form-values';
import { useUserForm } from './use-user-form';
import styles from './users.module.css';

const L = MSG.students.labels;
const ROLE_OPTIONS = optionsOf(ROLES, ROLE_LABELS);

interface Props {
  open: boolean;
  /** The account to edit; null to create one. */
  user: StaffUser | null;
  onClose: () => void;
}

/**
 * 'Nuevo usuario' / 'Editar usuario': names, e-mail, role and phone. The
 * form lives only while the modal is open, so closing it resets it.
 * Cancelar, × and Escape ask '¿Descartar los cambios?' when something was
 * typed, as every modal; so does leaving the screen, and the browser warns
 * before the tab closes (no draft keeps it; docs/screens-and-routes.md#leaving-a-form).
 */
export function UserFormModal({ open, user, onClose }: Props) {
  const guard = useDiscardGuard(onClose);
  useLeaveGuard(() => open && guard.unsaved());
  return (
    <Modal
      open={open}
      title={user ? ADMIN_MSG.editUserTitle : ADMIN_MSG.createUserTitle}
      onClose={closeUnlessDialogOpen(guard.requestClose)}
    >
      {open && <UserForm key={user?._id ?? 'new'} user={user} onClose={onClose} guard={guard} />}
    </Modal>
  );
}

/** Tells the guard, on every change, whether the form holds something typed. */
function ReportChanges({ onChangedChange }: Pick<DiscardGuard, 'onChangedChange'>) {
  const { dirty } = useFormikContext();
  useEffect(() => onChangedChange(dirty), [dirty, onChangedChange]);
  return null;
}

/** A submit with errors sends nothing and lists them all in one warning (docs/rules-and-messages.md#validation-rules). */
function warnInvalid(messages: string[]) {
  void showWarningList(MSG.students.validationTitle, messages);
}

interface UserFormProps {
  user: StaffUser | null;
  onClose: () => void;
  guard: DiscardGuard;
}

function UserForm({ user, onClose, guard }: UserFormProps) {
  const { initialValues, save, mode } = useUserForm(user, () => {
    guard.saved();
    onClose();
  });
  return (
    <Formik<UserFormValues>
      initialValues={initialValues}
      validationSchema={userSchema}
      validateOnMount
      onSubmit={save}
    >
      {({ isValid, isSubmitting }) => (
        <GuardedForm schema={userSchema} onInvalid={warnInvalid}>
          <ReportChanges onChangedChange={guard.onChangedChange} />
          <p className={styles.hint}>{MSG.students.editHint}</p>
          {user?.pendingEmail && (
            <Notice tone="info" live={false}>
              <strong>{MSG.emailChange.pendingLabel}.</strong>{' '}
              {MSG.emailChange.pendingHint(user.pendingEmail)}
            </Notice>
          )}
          <div className={styles.grid}>
            <TextField
              name="firstName"
              label={L.firstName}
              autoComplete="off"
              required
              validateLive
            />
            <TextField
              name="lastName"
              label={L.lastName}
              autoComplete="off"
              required
              validateLive
            />
            <TextField
              name="email"
              type="email"
              label={L.email}
              autoComplete="off"
              inputMode="email"
              hint={mode === 'edit' ? MSG.emailChange.adminEmailHint : undefined}
              required
              validateLive
            />
            <SelectField
              name="role"
              label={ADMIN_MSG.roleFilter}
              options={ROLE_OPTIONS}
              required
              validateLive
            />
            <TextField
              name="phone"
              type="tel"
              label={MSG.profile.phoneOptional}
              autoComplete="off"
              inputMode="tel"
              validateLive
            />
          </div>
          <div className={styles.formActions}>
            <Button variant="secondary" onClick={guard.requestClose}>
              {MSG.common.cancel}
            </Button>
            <Button type="submit" disabled={!isValid || isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting
                ? ADMIN_MSG.saving
                : mode === 'edit'
                  ? ADMIN_MSG.updateUser
                  : ADMIN_MSG.createUser}
            </Button>
          </div>
        </GuardedForm>
      )}
    </Formik>
  );
}

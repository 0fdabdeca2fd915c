import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import {
  MSG,
  optionsOf,
  ROLE_LABELS,
  ROLES,
  userSchema,
  type StaffUser,
} from '@psicocampus/shared';
import { Formik, GuardedForm, SelectField, TextField } from '@psicocampus/shared/forms';
import {
  Button,
  Modal,
  Notice,
  showWarningList,
  closeUnlessDialogOpen,
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
 */
export function UserFormModal({ open, user, onClose }: Props) {
  return (
    <Modal
      open={open}
      title={user ? ADMIN_MSG.editUserTitle : ADMIN_MSG.createUserTitle}
      onClose={closeUnlessDialogOpen(onClose)}
    >
      {open && <UserForm key={user?._id ?? 'new'} user={user} onClose={onClose} />}
    </Modal>
  );
}

/** A submit with errors sends nothing and lists them all in one warning (docs/rules-and-messages.md#validation-rules). */
function warnInvalid(messages: string[]) {
  void showWarningList(MSG.students.validationTitle, messages);
}

function UserForm({ user, onClose }: { user: StaffUser | null; onClose: () => void }) {
  const { initialValues, save, mode } = useUserForm(user, onClose);
  return (
    <Formik<UserFormValues>
      initialValues={initialValues}
      validationSchema={userSchema}
      validateOnMount
      onSubmit={save}
    >
      {({ isValid, isSubmitting }) => (
        <GuardedForm schema={userSchema} onInvalid={warnInvalid}>
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
            <Button variant="secondary" onClick={onClose}>
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

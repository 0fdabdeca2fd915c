import { MSG, studentFormSchema, type StudentSummary } from '@psicocampus/shared';
import { Formik, GuardedForm } from '@psicocampus/shared/forms';
import { Button, Modal, showWarningList, closeUnlessDialogOpen } from '@psicocampus/shared/ui';
import { StudentFormFields } from './student-form-fields.component';
import type { StudentFormValues } from './student-form-values';
import { useStudentForm } from './use-student-form';
import styles from './student-form.module.css';

interface Props {
  open: boolean;
  /** The student to edit; null to create one. */
  student: StudentSummary | null;
  onClose: () => void;
}

/**
 * 'Agregar Estudiante' / 'Editar Estudiante' (docs/screens-and-routes.md#patients-list and docs/rules-and-messages.md#student-form). The form
 * lives only while the modal is open, so closing it resets values and errors.
 */
export function StudentFormModal({ open, student, onClose }: Props) {
  return (
    <Modal
      open={open}
      title={student ? MSG.students.editTitle : MSG.students.createTitle}
      onClose={closeUnlessDialogOpen(onClose)}
      size="large"
    >
      {open && <StudentForm key={student?._id ?? 'new'} student={student} onClose={onClose} />}
    </Modal>
  );
}

/** docs/rules-and-messages.md#student-form: a submit with errors sends nothing and shows them all in one 'Error de validación'. */
function warnInvalid(messages: string[]) {
  void showWarningList(MSG.students.validationTitle, messages);
}

function StudentForm({
  student,
  onClose,
}: {
  student: StudentSummary | null;
  onClose: () => void;
}) {
  const { initialValues, save, mode } = useStudentForm(student, onClose);
  return (
    <Formik<StudentFormValues>
      initialValues={initialValues}
      validationSchema={studentFormSchema}
      validateOnMount
      onSubmit={save}
    >
      {({ isValid, isSubmitting }) => (
        <GuardedForm schema={studentFormSchema} onInvalid={warnInvalid}>
          <p className={styles.hint}>{MSG.students.editHint}</p>
          <StudentFormFields />
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onClose}>
              {MSG.common.cancel}
            </Button>
            <Button type="submit" disabled={!isValid || isSubmitting} aria-busy={isSubmitting}>
              {isSubmitting
                ? MSG.students.saving
                : mode === 'edit'
                  ? MSG.students.update
                  : MSG.students.create}
            </Button>
          </div>
        </GuardedForm>
      )}
    </Formik>
  );
}

import { MSG, studentFormSchema, type StudentSummary } from '@psicocampus/shared';
import { Formik, GuardedForm, KeepDraft, useDraft, type Draft } from '@psicocampus/shared/forms';
import {
  Button,
  Modal,
  Notice,
  closeUnlessDialogOpen,
  showWarningList,
} from '@psicocampus/shared/ui';
import { useDraftModalGuard } from '../../lib/use-draft-modal-guard';
import { StudentFormFields } from './student-form-fields.component';
import { toFormValues, type StudentFormValues } from './student-form-values';
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
 * Cancelar, × and Escape ask '¿Descartar los cambios?' when something was
 * typed. A new student being written is kept as a draft
 * (docs/sign-in-and-sessions.md#drafts), restored when the modal opens again.
 */
export function StudentFormModal({ open, student, onClose }: Props) {
  const draft = useDraft<StudentFormValues>(
    open && !student ? 'student:new' : null,
    toFormValues(student),
  );
  const { ask, saved, onChangedChange } = useDraftModalGuard(draft, onClose);
  return (
    <Modal
      open={open}
      title={student ? MSG.students.editTitle : MSG.students.createTitle}
      onClose={closeUnlessDialogOpen(ask)}
      size="large"
    >
      {open && (
        <StudentForm
          key={student?._id ?? 'new'}
          student={student}
          draft={draft}
          onChangedChange={onChangedChange}
          onCancel={ask}
          onSaved={saved}
        />
      )}
    </Modal>
  );
}

/** docs/rules-and-messages.md#student-form: a submit with errors sends nothing and shows them all in one 'Error de validación'. */
function warnInvalid(messages: string[]) {
  void showWarningList(MSG.students.validationTitle, messages);
}

interface FormProps {
  student: StudentSummary | null;
  draft: Draft<StudentFormValues>;
  onChangedChange: (changed: boolean) => void;
  onCancel: () => void;
  onSaved: () => void;
}

function StudentForm({ student, draft, onChangedChange, onCancel, onSaved }: FormProps) {
  const { save, mode } = useStudentForm(student, onSaved, draft);
  return (
    <Formik<StudentFormValues>
      initialValues={draft.initialValues}
      validationSchema={studentFormSchema}
      validateOnMount
      onSubmit={save}
    >
      {({ isValid, isSubmitting }) => (
        <GuardedForm schema={studentFormSchema} onInvalid={warnInvalid}>
          <KeepDraft draft={draft} onChangedChange={onChangedChange} />
          {draft.restored && <Notice tone="info">{MSG.drafts.restored}</Notice>}
          <p className={styles.hint}>{MSG.students.editHint}</p>
          <StudentFormFields />
          <div className={styles.actions}>
            <Button variant="secondary" onClick={onCancel}>
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

import { useCallback } from 'react';
import {
  errorMessage,
  errorStatus,
  MSG,
  useCreateStudentMutation,
  useUpdateStudentMutation,
  type StudentSummary,
} from '@psicocampus/shared';
import {
  applyFieldErrors,
  useIsSessionOver,
  type Draft,
  type FormikHelpers,
} from '@psicocampus/shared/forms';
import { showError, showSuccess } from '@psicocampus/shared/ui';
import { STUDENT_FIELDS, toStudentBody, type StudentFormValues } from './student-form-values';

/**
 * Creates a student, or updates `student` with every field and the version
 * it was read at (docs/screens-and-routes.md#patients-list, docs/rules-and-messages.md#student-form and docs/limits-and-budgets.md#limits-and-bad-input). On success the modal closes
 * and the server's message (or the fallback) shows; on failure the modal
 * stays open with everything typed, field problems on their fields. A
 * session that ended (401) shows no dialog: the shell shows /login, and the
 * draft waits for the next sign-in; a save forgets the draft.
 */
export function useStudentForm(
  student: StudentSummary | null,
  onSaved: () => void,
  draft: Draft<StudentFormValues>,
) {
  const [create] = useCreateStudentMutation();
  const [update] = useUpdateStudentMutation();
  const isSessionOver = useIsSessionOver();

  const save = useCallback(
    async (values: StudentFormValues, helpers: FormikHelpers<StudentFormValues>) => {
      const body = toStudentBody(values);
      let message: string;
      try {
        const answer = student
          ? await update({ id: student._id, body: { ...body, version: student.version } }).unwrap()
          : await create(body).unwrap();
        message = answer.msg || (student ? MSG.students.updated : MSG.students.created);
      } catch (error) {
        if (isSessionOver()) return;
        applyFieldErrors(error, helpers, STUDENT_FIELDS);
        const text = errorMessage(error, MSG.students.saveError);
        if (errorStatus(error) === 409 && text === MSG.students.emailTaken) {
          void helpers.setFieldTouched('email', true, false);
          helpers.setFieldError('email', text);
        }
        await showError(text);
        return;
      }
      draft.clear();
      onSaved();
      await showSuccess(message);
    },
    [create, draft, isSessionOver, onSaved, student, update],
  );

  return { save, mode: student ? ('edit' as const) : ('create' as const) };
}

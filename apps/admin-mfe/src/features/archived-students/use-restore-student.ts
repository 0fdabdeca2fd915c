import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useCallback, useState } from 'react';
import {
  errorMessage,
  fullName,
  useRestoreStudentMutation,
  type ArchivedStudentRow,
  type StaffUser,
} from '@psicocampus/shared';
import { confirmAction, showError, showSuccess } from '@psicocampus/shared/ui';

const T = ADMIN_MSG.archived;

/**
 * What the question before a restore says (docs/rules-and-messages.md#confirmations):
 * who comes back to whom and, as in a reassignment, that the psychologist
 * who archived the student is told when someone else gets them.
 */
export function restoreQuestion(student: ArchivedStudentRow, psychologist: StaffUser): string {
  const text = T.restoreText(fullName(student), fullName(psychologist));
  const archiver = student.archivedBy;
  if (!archiver || archiver._id === psychologist._id) return text;
  return `${text} ${T.restoreNotice(fullName(archiver))}`;
}

/**
 * Restores an archived student to a psychologist (POST
 * /api/admin/students/:id/restore) once confirmed. The server's message
 * confirms it and the list reloads by itself; 'Cancelar', or a refusal,
 * changes nothing.
 */
export function useRestoreStudent() {
  const [restore] = useRestoreStudentMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  const submit = useCallback(
    async (student: ArchivedStudentRow, psychologist: StaffUser): Promise<boolean> => {
      const asked = restoreQuestion(student, psychologist);
      if (!(await confirmAction(T.restoreTitle, asked, T.restoreConfirm))) return false;
      setBusyId(student._id);
      let message: string;
      try {
        const answer = await restore({
          id: student._id,
          body: { psychologistId: psychologist._id },
        }).unwrap();
        message = answer.msg || T.restored(fullName(student), fullName(psychologist));
      } catch (error) {
        setBusyId(null);
        await showError(errorMessage(error, T.restoreError));
        return false;
      }
      setBusyId(null);
      await showSuccess(message);
      return true;
    },
    [restore],
  );

  return { submit, busyId };
}

import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useCallback, useState } from 'react';
import {
  errorMessage,
  fullName,
  useAssignStudentMutation,
  type AdminStudentRow,
  type StaffUser,
} from '@psicocampus/shared';
import { showError, showSuccess } from '@psicocampus/shared/ui';

/**
 * Assigns a student to a psychologist, or leaves them unassigned (PUT
 * /api/students/:id/assignment). The server's message confirms it; the
 * list reloads by itself (the call invalidates it).
 */
export function useAssignStudent() {
  const [assign] = useAssignStudentMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  const submit = useCallback(
    async (student: AdminStudentRow, psychologist: StaffUser | null) => {
      setBusyId(student._id);
      const name = fullName(student);
      let message: string;
      try {
        const answer = await assign({
          id: student._id,
          body: { psychologistId: psychologist?._id ?? null },
        }).unwrap();
        message =
          answer.msg ||
          (psychologist
            ? ADMIN_MSG.assigned(name, fullName(psychologist))
            : ADMIN_MSG.unassignedDone(name));
      } catch (error) {
        setBusyId(null);
        await showError(errorMessage(error, ADMIN_MSG.assignmentError));
        return;
      }
      setBusyId(null);
      await showSuccess(message);
    },
    [assign],
  );

  return { submit, busyId };
}

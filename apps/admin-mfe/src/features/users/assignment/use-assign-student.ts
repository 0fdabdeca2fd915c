import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useCallback, useState } from 'react';
import {
  assignmentChangeOf,
  errorMessage,
  fullName,
  useAssignStudentMutation,
  type AdminStudentRow,
  type StaffUser,
} from '@psicocampus/shared';
import { confirmAction, showError, showSuccess } from '@psicocampus/shared/ui';

/**
 * Asks before taking a student from the psychologist who holds them
 * (docs/rules-and-messages.md#confirmations), naming the student and both
 * psychologists; true to go on. A first assignment asks nothing.
 */
async function confirmChange(
  student: AdminStudentRow,
  psychologist: StaffUser | null,
): Promise<boolean> {
  const current = student.assignedPsychologist;
  const change = assignmentChangeOf(current?._id ?? null, psychologist?._id ?? null);
  if (!current || change === 'assign' || change === 'none') return true;
  const name = fullName(student);
  if (psychologist) {
    return confirmAction(
      ADMIN_MSG.reassignTitle,
      ADMIN_MSG.reassignText(name, fullName(current), fullName(psychologist)),
      ADMIN_MSG.reassignConfirm,
    );
  }
  return confirmAction(
    ADMIN_MSG.unassignTitle,
    ADMIN_MSG.unassignText(name, fullName(current)),
    ADMIN_MSG.unassignConfirm,
  );
}

/**
 * Assigns a student to a psychologist, or leaves them unassigned (PUT
 * /api/students/:id/assignment), once confirmed when it takes the student
 * from someone. The server's message confirms it; the list reloads by
 * itself (the call invalidates it). Resolves true when the assignment
 * changed; Cancelar, or a refusal, changes nothing.
 */
export function useAssignStudent() {
  const [assign] = useAssignStudentMutation();
  const [busyId, setBusyId] = useState<string | null>(null);

  const submit = useCallback(
    async (student: AdminStudentRow, psychologist: StaffUser | null): Promise<boolean> => {
      if (!(await confirmChange(student, psychologist))) return false;
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
        return false;
      }
      setBusyId(null);
      await showSuccess(message);
      return true;
    },
    [assign],
  );

  return { submit, busyId };
}

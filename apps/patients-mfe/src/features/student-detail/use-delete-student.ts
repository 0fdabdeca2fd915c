import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  errorMessage,
  MSG,
  studentDeleted,
  useAppDispatch,
  type StudentRemoval,
  useDeleteStudentMutation,
} from '@psicocampus/shared';
import {
  confirmDeletion,
  showError,
  showSuccess,
  useLeaveWithoutAsking,
} from '@psicocampus/shared/ui';

/**
 * What the question before deleting a student says: the warning every delete gives, then
 * what becomes of a student with clinical records (docs/rules-and-messages.md#confirmations).
 */
export const DELETE_STUDENT_QUESTION = `${MSG.common.confirmText}. ${MSG.students.deleteArchiveNotice}`;

/** The dialog after 'Eliminar', by what the server did (docs/data-model.md#archived-students). */
export function removalMessage(outcome: StudentRemoval): { title: string; text?: string } {
  return outcome === 'archived'
    ? { title: MSG.students.archived, text: MSG.students.archivedText }
    : { title: MSG.students.deleted };
}

/**
 * 'Eliminar' (docs/rules-and-messages.md#messages): asks first; then 'Estudiante Eliminado' (or
 * 'Estudiante Archivado', when the student had clinical records) and back to
 * the list, or the server's message / 'Error al eliminar el estudiante'.
 * Nothing asks for the student afterwards: the cache learns of the deletion
 * only once this screen is gone (docs/permissions.md#audit-log: a request
 * for it would be recorded as refused).
 */
export function useDeleteStudent(studentId: string) {
  const [deleteStudent, { isLoading }] = useDeleteStudentMutation();
  const navigate = useNavigate();
  const leaveWithoutAsking = useLeaveWithoutAsking();
  const dispatch = useAppDispatch();
  const deleted = useRef(false);

  // The screen's queries of the student let go in their own clean-ups, which
  // run with this one when the screen goes: the invalidation waits for them
  // all (a microtask), so it drops those queries instead of reading them again.
  useEffect(
    () => () => {
      if (deleted.current) queueMicrotask(() => dispatch(studentDeleted(studentId)));
    },
    [dispatch, studentId],
  );

  const remove = useCallback(async () => {
    if (!(await confirmDeletion(MSG.common.confirmTitle, DELETE_STUDENT_QUESTION))) return;
    let outcome: StudentRemoval;
    try {
      ({ outcome } = await deleteStudent(studentId).unwrap());
    } catch (error) {
      await showError(errorMessage(error, MSG.students.deleteError));
      return;
    }
    deleted.current = true;
    // patients/:id → patients; what was typed about this student goes with them.
    leaveWithoutAsking(() => void navigate('..', { relative: 'path' }));
    const { title, text } = removalMessage(outcome);
    await showSuccess(title, text);
  }, [deleteStudent, leaveWithoutAsking, navigate, studentId]);

  return { remove, isDeleting: isLoading };
}

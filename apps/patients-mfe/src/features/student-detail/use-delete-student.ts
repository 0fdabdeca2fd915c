import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  errorMessage,
  MSG,
  studentDeleted,
  useAppDispatch,
  useDeleteStudentMutation,
} from '@psicocampus/shared';
import {
  confirmDeletion,
  showError,
  showSuccess,
  useLeaveWithoutAsking,
} from '@psicocampus/shared/ui';

/**
 * 'Eliminar' (docs/rules-and-messages.md#messages): asks first; then 'Estudiante Eliminado' and back to
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
    if (!(await confirmDeletion())) return;
    try {
      await deleteStudent(studentId).unwrap();
    } catch (error) {
      await showError(errorMessage(error, MSG.students.deleteError));
      return;
    }
    deleted.current = true;
    // patients/:id → patients; what was typed about this student goes with them.
    leaveWithoutAsking(() => void navigate('..', { relative: 'path' }));
    await showSuccess(MSG.students.deleted);
  }, [deleteStudent, leaveWithoutAsking, navigate, studentId]);

  return { remove, isDeleting: isLoading };
}

import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { errorMessage, MSG, useDeleteStudentMutation } from '@psicocampus/shared';
import { confirmDeletion, showError, showSuccess } from '@psicocampus/shared/ui';

/**
 * 'Eliminar' (docs/rules-and-messages.md#messages): asks first; then 'Estudiante Eliminado' and back to
 * the list, or the server's message / 'Error al eliminar el estudiante'.
 */
export function useDeleteStudent(studentId: string) {
  const [deleteStudent, { isLoading }] = useDeleteStudentMutation();
  const navigate = useNavigate();

  const remove = useCallback(async () => {
    if (!(await confirmDeletion())) return;
    try {
      await deleteStudent(studentId).unwrap();
    } catch (error) {
      await showError(errorMessage(error, MSG.students.deleteError));
      return;
    }
    // patients/:id → patients
    navigate('..', { relative: 'path' });
    await showSuccess(MSG.students.deleted);
  }, [deleteStudent, navigate, studentId]);

  return { remove, isDeleting: isLoading };
}

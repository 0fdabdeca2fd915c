import { useParams } from 'react-router-dom';
import { errorMessage, errorStatus, MSG, useStudentQuery } from '@psicocampus/shared';

/**
 * The student of `patients/:id` with their notes (docs/screens-and-routes.md#student-detail). When loading
 * fails, loading ends and there is no student, only what to tell the user
 * (docs/rules-and-messages.md#messages).
 */
export function useStudentDetail() {
  const { id = '' } = useParams();
  const { data, isLoading, isError, error } = useStudentQuery(id, { skip: !id });
  const student = data?.student ?? null;
  let loadError: string | null = null;
  if (!id || errorStatus(error) === 404) loadError = MSG.students.notFound;
  else if (isError) loadError = errorMessage(error, MSG.students.loadEditError);
  return { id, student, isLoading, loadError: student ? null : loadError };
}

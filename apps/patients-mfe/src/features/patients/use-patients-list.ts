import { errorMessage, MSG, useStudentsQuery, type StudentSummary } from '@psicocampus/shared';

const NO_STUDENTS: StudentSummary[] = [];

/** The caller's whole caseload (docs/screens-and-routes.md#patients-list), and what to say when it cannot be loaded (docs/rules-and-messages.md#messages). */
export function usePatientsList() {
  const { data, isLoading, isError, error, refetch, isFetching } = useStudentsQuery();
  return {
    students: data?.students ?? NO_STUDENTS,
    total: data?.total ?? data?.students.length ?? 0,
    loaded: Boolean(data),
    isLoading,
    isFetching,
    loadError: isError
      ? MSG.students.loadListError + errorMessage(error, MSG.common.genericRequestError)
      : null,
    retry: refetch,
  };
}

import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { MSG } from '@psicocampus/shared';
import {
  Button,
  EmptyState,
  LoadingMessage,
  Notice,
  Pagination,
  SectionCard,
} from '@psicocampus/shared/ui';
import { AssignmentFilters } from './assignment-filters.component';
import { AssignmentTable } from './assignment-table.component';
import { useAssignStudent } from './use-assign-student';
import { useStudentAssignment } from './use-student-assignment';
import styles from '../users.module.css';

/**
 * 'Asignación de estudiantes' (docs/screens-and-routes.md#admin-area): who looks after each student, a
 * page at a time with the total of every match.
 */
export function StudentAssignment() {
  const assignment = useStudentAssignment();
  const { submit, busyId } = useAssignStudent();
  const M = ADMIN_MSG;
  const students = assignment.students;

  return (
    <SectionCard title={M.assignmentTitle} className={styles.assignment}>
      <p className={styles.intro}>{M.assignmentSubtitle}</p>
      <AssignmentFilters
        value={assignment.filters}
        onChange={assignment.setFilters}
        psychologists={assignment.allPsychologists}
      />
      {assignment.batch && (
        <Notice tone="info">
          <p>{M.batchFilterActive}</p>
          <Button variant="secondary" onClick={assignment.clearBatch}>
            {M.batchFilterClear}
          </Button>
        </Notice>
      )}
      <p className={styles.count} role="status">
        {students ? M.studentsTotal(assignment.total) : ''}
      </p>
      {assignment.isLoading && <LoadingMessage text={MSG.common.loading} />}
      {assignment.loadError && (
        <Notice tone="error">
          <p>{assignment.loadError}</p>
          <Button variant="secondary" onClick={() => void assignment.retry()}>
            {MSG.common.retry}
          </Button>
        </Notice>
      )}
      {students && students.length === 0 && <EmptyState text={M.noStudents} />}
      {students && students.length > 0 && (
        <AssignmentTable
          students={students}
          psychologists={assignment.activePsychologists}
          busyId={busyId}
          onAssign={submit}
        />
      )}
      {students && students.length > 0 && assignment.page && (
        <Pagination
          page={assignment.page.page}
          pageSize={assignment.page.pageSize}
          total={assignment.page.total}
          onPageChange={assignment.setPage}
          label={M.assignmentPages}
          totalText={M.studentsTotal(assignment.page.total)}
        />
      )}
    </SectionCard>
  );
}

import { ADMIN_MSG } from '@psicocampus/shared/admin-messages';
import { useId } from 'react';
import { MSG } from '@psicocampus/shared';
import {
  Button,
  EmptyState,
  LoadingMessage,
  Notice,
  PageHeader,
  Pagination,
} from '@psicocampus/shared/ui';
import filters from '../../lib/filter-controls.module.css';
import { ArchivedStudentsTable } from './archived-students-table.component';
import { useArchivedStudents } from './use-archived-students';
import { useExportArchived } from './use-export-archived';
import { useRestoreStudent } from './use-restore-student';
import styles from './archived-students.module.css';

const T = ADMIN_MSG.archived;

/**
 * 'Estudiantes archivados' (docs/screens-and-routes.md#admin-area): the
 * students archived with their clinical records, a page at a time with the
 * total, and for each a restore to a psychologist and the export of the
 * whole record (docs/api.md#record-export).
 */
export default function ArchivedStudentsPage() {
  const id = useId();
  const archived = useArchivedStudents();
  const { submit, busyId } = useRestoreStudent();
  const { exportRecord, inFlight } = useExportArchived();
  const { students, page } = archived;

  return (
    <div className={styles.page}>
      <PageHeader title={T.title} subtitle={T.subtitle} />
      <div className={`${filters.filter} ${filters.grow}`}>
        <label htmlFor={`${id}-q`}>{T.searchLabel}</label>
        <input
          id={`${id}-q`}
          type="search"
          className={filters.control}
          placeholder={ADMIN_MSG.searchStudents}
          value={archived.search}
          onChange={(event) => archived.setSearch(event.target.value)}
          autoComplete="off"
          spellCheck={false}
        />
      </div>
      <p className={styles.count} role="status">
        {page ? ADMIN_MSG.studentsTotal(page.total) : ''}
      </p>
      {archived.isLoading && <LoadingMessage text={MSG.common.loading} />}
      {archived.loadError && (
        <Notice tone="error">
          <p>{archived.loadError}</p>
          <Button variant="secondary" onClick={() => void archived.retry()}>
            {MSG.common.retry}
          </Button>
        </Notice>
      )}
      {students && students.length === 0 && (
        <EmptyState text={archived.searching ? T.noMatches : T.empty} />
      )}
      {students && students.length > 0 && (
        <ArchivedStudentsTable
          students={students}
          psychologists={archived.activePsychologists}
          busyId={busyId}
          onRestore={submit}
          exporting={inFlight}
          onExport={exportRecord}
        />
      )}
      {students && students.length > 0 && page && (
        <Pagination
          page={page.page}
          pageSize={page.pageSize}
          total={page.total}
          onPageChange={archived.setPage}
          label={T.pages}
          totalText={ADMIN_MSG.studentsTotal(page.total)}
        />
      )}
    </div>
  );
}

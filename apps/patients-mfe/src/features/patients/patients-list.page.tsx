import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { MSG, type StudentSummary } from '@psicocampus/shared';
import {
  Button,
  EmptyState,
  LoadingMessage,
  Notice,
  PageHeader,
  SectionCard,
} from '@psicocampus/shared/ui';
import { NOTES_ANCHOR, WRITE_NOTE_STATE } from '../../lib/anchors';
import { ImportStudents } from './import/import-students.component';
import { PatientsSearch } from './patients-search.component';
import { PatientsTable } from './patients-table.component';
import { RiskFilterSelect } from './risk-filter.component';
import { ScheduleAppointmentModal } from './schedule-appointment-modal.component';
import { StudentFormModal } from './student-form-modal.component';
import { usePatientDialogs } from './use-patient-dialogs';
import { usePatientsList } from './use-patients-list';
import { usePatientsSearch } from './use-patients-search';
import { useRiskView } from './use-risk-view';
import styles from './patients-list.module.css';

/** 'Mis Pacientes' (docs/screens-and-routes.md#patients-list): the caseload, its search, the student modal and the import. */
export default function PatientsListPage() {
  const list = usePatientsList();
  const search = usePatientsSearch(list.students);
  // The level filter and the order by level apply to the search's results.
  const risk = useRiskView(search.results);
  const dialogs = usePatientDialogs();
  const navigate = useNavigate();
  const openDetail = useCallback((student: StudentSummary) => navigate(student._id), [navigate]);
  const openNotes = useCallback(
    (student: StudentSummary) =>
      navigate({ pathname: student._id, hash: NOTES_ANCHOR }, { state: WRITE_NOTE_STATE }),
    [navigate],
  );

  return (
    <div className={styles.page}>
      <PageHeader
        title={MSG.students.listTitle}
        // The line is kept while the list loads, so nothing below it moves
        // when the count arrives (no layout shift, docs/limits-and-budgets.md#speed-and-size-budgets).
        subtitle={list.loaded ? MSG.students.total(list.total) : '\u00a0'}
        actions={<Button onClick={dialogs.openCreate}>{MSG.students.add}</Button>}
      />

      <PatientsSearch
        query={search.query}
        onChange={search.setQuery}
        matches={search.searching || risk.filtering ? risk.results.length : null}
      >
        <RiskFilterSelect value={risk.filter} onChange={risk.setFilter} />
      </PatientsSearch>

      {list.isLoading && <LoadingMessage text={MSG.students.loadingList} />}
      {list.loadError && (
        <Notice tone="error">
          <p>{list.loadError}</p>
          <Button variant="secondary" onClick={() => void list.retry()}>
            {MSG.common.retry}
          </Button>
        </Notice>
      )}
      {list.loaded && list.students.length === 0 && <EmptyState text={MSG.students.empty} />}
      {list.loaded && list.students.length > 0 && risk.results.length === 0 && (
        <EmptyState text={MSG.students.noResults} />
      )}
      {risk.results.length > 0 && (
        <PatientsTable
          students={risk.results}
          riskSort={risk.sort}
          onRiskSort={risk.toggleSort}
          onOpen={openDetail}
          onNotes={openNotes}
          onEdit={dialogs.openEdit}
          onSchedule={dialogs.openSchedule}
        />
      )}

      {/* Shown with the list rather than under its loading message, which
          the table would then push down. */}
      {!list.isLoading && (
        <SectionCard title={MSG.import.title} className={styles.import}>
          <ImportStudents />
        </SectionCard>
      )}

      <StudentFormModal
        open={dialogs.studentFormOpen}
        student={dialogs.editing}
        onClose={dialogs.close}
      />
      <ScheduleAppointmentModal student={dialogs.scheduling} onClose={dialogs.close} />
    </div>
  );
}

import { useMemo } from 'react';
import { MSG, useMyAssessmentsQuery } from '@psicocampus/shared';
import { Button, EmptyState, LoadingMessage, Notice, PageHeader } from '@psicocampus/shared/ui';
import { usePdfReports } from '../../lib/use-pdf-reports';
import { AssessmentsTable } from './assessments-table.component';
import { ReportFilters } from './report-filters.component';
import { apiFilters, useReportFilters } from './use-report-filters';

/**
 * 'Evaluaciones' (docs/screens-and-routes.md#evaluations-of-a-student): the psychologist's assessments across the
 * caseload, newest first, filtered by level and dates, each with its PDF.
 */
export default function ReportsPage() {
  const { filters, setFilters, active } = useReportFilters();
  const query = useMyAssessmentsQuery(apiFilters(filters));
  const { assessmentReport } = usePdfReports();

  const assessments = useMemo(
    () =>
      query.currentData
        ? [...query.currentData.assessments].sort((a, b) => b.createdAt.localeCompare(a.createdAt))
        : undefined,
    [query.currentData],
  );

  let content;
  if (query.isError) {
    content = (
      <Notice tone="error">
        <p>{MSG.assessment.loadError}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {MSG.common.retry}
        </Button>
      </Notice>
    );
  } else if (!assessments) {
    content = <LoadingMessage text={MSG.common.loading} />;
  } else if (!assessments.length) {
    content = <EmptyState text={active ? MSG.assessment.noMatches : MSG.assessment.reportsEmpty} />;
  } else {
    content = (
      <AssessmentsTable
        assessments={assessments}
        onDownload={(assessmentId) => void assessmentReport(assessmentId)}
      />
    );
  }

  return (
    <>
      <PageHeader
        title={MSG.assessment.reportsTitle}
        subtitle={assessments ? MSG.assessment.total(assessments.length) : undefined}
      />
      <ReportFilters value={filters} onChange={setFilters} active={active} />
      <div aria-live="polite">{content}</div>
    </>
  );
}

import { MSG, useMyAssessmentsQuery } from '@psicocampus/shared';
import {
  Button,
  EmptyState,
  LoadingMessage,
  Notice,
  PageHeader,
  Pagination,
  useLastPageWhenPast,
  usePageParam,
} from '@psicocampus/shared/ui';
import { usePdfReports } from '../../lib/use-pdf-reports';
import { AssessmentsTable } from './assessments-table.component';
import { ReportFilters } from './report-filters.component';
import { apiFilters, useReportFilters } from './use-report-filters';

/**
 * 'Evaluaciones' (docs/screens-and-routes.md#evaluations-of-a-student): the psychologist's assessments across the
 * caseload, newest first, filtered by level and dates, each with its PDF;
 * one page at a time with their total (docs/api.md#paged-lists), the page
 * kept in the address beside the filters.
 */
export default function ReportsPage() {
  const { filters, setFilters, active } = useReportFilters();
  const [page, setPage] = usePageParam();
  const query = useMyAssessmentsQuery({ ...apiFilters(filters), ...(page > 1 ? { page } : {}) });
  const { assessmentReport } = usePdfReports();
  const answer = query.currentData;
  useLastPageWhenPast(page, setPage, answer);
  const assessments = answer?.assessments;

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
      <>
        <AssessmentsTable
          assessments={assessments}
          onDownload={(assessmentId) => void assessmentReport(assessmentId)}
        />
        <Pagination
          page={answer.page}
          pageSize={answer.pageSize}
          total={answer.total}
          onPageChange={setPage}
          label={MSG.assessment.pagesLabel}
          totalText={MSG.assessment.total(answer.total)}
        />
      </>
    );
  }

  return (
    <>
      <PageHeader
        title={MSG.assessment.reportsTitle}
        subtitle={answer ? MSG.assessment.total(answer.total) : undefined}
      />
      <ReportFilters value={filters} onChange={setFilters} active={active} />
      <div aria-live="polite">{content}</div>
    </>
  );
}

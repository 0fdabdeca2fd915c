import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { formatDateTime, fullName, MSG, useSafetyPlanRevisionsQuery } from '@psicocampus/shared';
import {
  SAFETY_PLAN_MSG,
  SAFETY_PLAN_REVISIONS_PAGE_SIZE,
  type SafetyPlanAnswer,
  type SafetyPlanRevision,
  type SafetyPlanRevisionsPage,
} from '@psicocampus/shared/safety-plan';
import { SectionCard, useLastPageWhenPast, usePageParam } from '@psicocampus/shared/ui';
import { PagedList } from '../../components/paged-list/paged-list.component';
import { listState } from '../../lib/list-state';
import styles from './safety-plan.module.css';

const P = SAFETY_PLAN_MSG;

/** The address parameter of the page of 'Versiones anteriores' (`?versiones=2`; page 1 has none). */
export const REVISIONS_PAGE_PARAM = 'versiones';

interface Props {
  studentId: string;
  /** The plan's answer: the newest page of its revisions, and how many there are. */
  plan: SafetyPlanAnswer;
}

/** The plan's own revisions as the first page, as the server counts it. */
function firstPageOf(plan: SafetyPlanAnswer): SafetyPlanRevisionsPage {
  return {
    ok: true,
    revisions: plan.revisions,
    total: plan.revisionsTotal,
    page: 1,
    pageSize: SAFETY_PLAN_REVISIONS_PAGE_SIZE,
  };
}

/**
 * The page of revisions shown: the first comes with the plan; the others
 * are read a page at a time (docs/api.md#safety-plan), the page kept in the
 * address so that the way back from a revision returns to it.
 */
function useRevisionsPage(studentId: string, plan: SafetyPlanAnswer) {
  const [page, setPage] = usePageParam(REVISIONS_PAGE_PARAM);
  const query = useSafetyPlanRevisionsQuery(
    { studentId, page, pageSize: SAFETY_PLAN_REVISIONS_PAGE_SIZE },
    { skip: page === 1 },
  );
  const first = useMemo(() => firstPageOf(plan), [plan]);
  // An old address can name a page past the last.
  useLastPageWhenPast(page, setPage, page === 1 ? undefined : query.currentData);
  const answer = page === 1 ? first : query.data;
  const revisions = answer?.revisions ?? [];
  const isError = page !== 1 && query.isError;
  return {
    answer,
    revisions,
    setPage,
    state: listState({ isError, data: answer }, revisions.length),
  };
}

/**
 * 'Versiones anteriores' (docs/screens-and-routes.md#safety-plan): every
 * revision, newest first, a page at a time with its total; each opens as it
 * was saved, the one in force opens the form.
 */
export function SafetyPlanRevisions({ studentId, plan }: Props) {
  const { answer, revisions, setPage, state } = useRevisionsPage(studentId, plan);
  const [search] = useSearchParams();
  const inForce = plan.revisions[0]?.version;
  // A revision's link keeps the page, so that 'Volver' finds the list where it was.
  const linkTo = (revision: SafetyPlanRevision) => {
    if (revision.version === inForce) return '.';
    const next = new URLSearchParams({ version: String(revision.version) });
    const page = search.get(REVISIONS_PAGE_PARAM);
    if (page) next.set(REVISIONS_PAGE_PARAM, page);
    return `?${next.toString()}`;
  };
  return (
    <SectionCard title={P.revisionsTitle}>
      <PagedList
        state={state}
        loadingText={MSG.common.loading}
        errorText={P.revisionsPageError}
        emptyText={P.none}
        page={answer}
        onPageChange={setPage}
        label={P.revisionsPagesLabel}
        totalText={P.revisionsTotal}
      >
        <ol className={styles.revisions}>
          {revisions.map((revision) => (
            <li key={revision.version}>
              <Link to={linkTo(revision)}>
                {P.revisionLabel(
                  String(revision.version),
                  P.status[revision.status],
                  revision.createdBy ? fullName(revision.createdBy) : P.unknownAuthor,
                  formatDateTime(revision.createdAt),
                )}
              </Link>
              {revision.version === inForce && ` (${P.current})`}
            </li>
          ))}
        </ol>
      </PagedList>
    </SectionCard>
  );
}

import { useCallback, useMemo, useState } from 'react';
import type { StudentSummary } from '@psicocampus/shared';
import { nextRiskSort, viewByRisk, type RiskFilter, type RiskSort } from './risk-view';

/**
 * The list's level filter and its order by level
 * (docs/screens-and-routes.md#patients-list), over the
 * search's results; the work is viewByRisk's, once per change.
 */
export function useRiskView(students: readonly StudentSummary[]) {
  const [filter, setFilter] = useState<RiskFilter>('ALL');
  const [sort, setSort] = useState<RiskSort>('none');
  const results = useMemo(() => viewByRisk(students, filter, sort), [students, filter, sort]);
  const toggleSort = useCallback(() => setSort(nextRiskSort), []);
  return {
    filter,
    setFilter,
    sort,
    toggleSort,
    results,
    /** Whether a level is chosen (the table shows a subset). */
    filtering: filter !== 'ALL',
  };
}

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { RISK_LEVELS, type AssessmentFilters, type RiskLevel } from '@psicocampus/shared';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface ReportFilters {
  /** '' for every level. */
  riskLevel: RiskLevel | '';
  /** 'YYYY-MM-DD' or ''. */
  from: string;
  to: string;
}

const isRiskLevel = (value: string | null): value is RiskLevel =>
  (RISK_LEVELS as readonly string[]).includes(value ?? '');

/**
 * The filters of 'Evaluaciones', kept in the address (?riskLevel=&from=&to=)
 * so they survive a visit to a student's evaluations and the back button.
 */
export function useReportFilters() {
  const [params, setParams] = useSearchParams();

  const filters = useMemo<ReportFilters>(() => {
    const level = params.get('riskLevel');
    const date = (name: string) => {
      const value = params.get(name) ?? '';
      return ISO_DATE.test(value) ? value : '';
    };
    return { riskLevel: isRiskLevel(level) ? level : '', from: date('from'), to: date('to') };
  }, [params]);

  const setFilters = useCallback(
    (next: ReportFilters) => {
      const entries = Object.entries(next).filter(([, value]) => value !== '');
      setParams(new URLSearchParams(entries), { replace: true });
    },
    [setParams],
  );

  return {
    filters,
    setFilters,
    active: filters.riskLevel !== '' || !!filters.from || !!filters.to,
  };
}

/** What the API is asked (GET /api/suicide-assessments?riskLevel=&from=&to=). */
export function apiFilters(filters: ReportFilters): AssessmentFilters {
  return {
    ...(filters.riskLevel ? { riskLevel: filters.riskLevel } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
}

import type { RiskLevel, StudentSummary } from '@psicocampus/shared';

/** A level, or no assessment at all: what the list's filter chooses among. */
export type RiskKey = RiskLevel | 'SIN_EVALUACION';
/** 'Todos los niveles', or one level. */
export type RiskFilter = 'ALL' | RiskKey;
/** The order of the 'Nivel de riesgo' column: none (the caseload's own, by name), or by severity. */
export type RiskSort = 'none' | 'descending' | 'ascending';

/**
 * From the most to the least severe, then the records that are not
 * estimates, as the statistics' chart by level orders them; no assessment
 * comes after all of them.
 */
export const RISK_SEVERITY: readonly RiskLevel[] = [
  'MUY_ALTO',
  'ALTO',
  'MODERADO',
  'BAJO',
  'INDETERMINADO',
  'NO_APLICA',
];

/** The filter's options, in the order the select lists them. */
export const RISK_FILTERS: readonly RiskFilter[] = ['ALL', ...RISK_SEVERITY, 'SIN_EVALUACION'];

const RANK = new Map<string, number>(RISK_SEVERITY.map((level, index) => [level, index]));

/**
 * What the filter and the order go by: the level in force of the latest
 * assessment, the clinician's when one is recorded, else the scale's
 * (docs/columbia-assessment.md#clinicians-level), as the statistics and the
 * follow-up list count.
 */
export function riskKey(student: StudentSummary): RiskKey {
  const risk = student.latestRisk;
  if (!risk) return 'SIN_EVALUACION';
  return risk.clinicianLevel ?? risk.level;
}

/** The next order when the column's header is clicked: none → most severe first → least severe first → none. */
export function nextRiskSort(sort: RiskSort): RiskSort {
  if (sort === 'none') return 'descending';
  return sort === 'descending' ? 'ascending' : 'none';
}

/**
 * The students the list shows for a level filter and an order
 * (docs/screens-and-routes.md#patients-list),
 * by the level in force (riskKey).
 * 'descending': most severe level first and, within a level, the most
 * recent assessment first; 'ascending': the reverse. Students without an
 * assessment come last in both orders; ties keep the caseload's order.
 * Returns the same array when there is nothing to do, so the table does
 * not redraw.
 */
export function viewByRisk(
  students: readonly StudentSummary[],
  filter: RiskFilter,
  sort: RiskSort,
): readonly StudentSummary[] {
  const kept =
    filter === 'ALL' ? students : students.filter((student) => riskKey(student) === filter);
  if (sort === 'none') return kept;

  const direction = sort === 'descending' ? 1 : -1;
  // Rank and time computed once per student, not once per comparison.
  const assessed: { student: StudentSummary; rank: number; time: number }[] = [];
  const unassessed: StudentSummary[] = [];
  for (const student of kept) {
    const risk = student.latestRisk;
    if (!risk) unassessed.push(student);
    else {
      const time = Date.parse(risk.assessedAt);
      assessed.push({
        student,
        rank: RANK.get(riskKey(student)) ?? RISK_SEVERITY.length,
        time: Number.isNaN(time) ? 0 : time,
      });
    }
  }
  assessed.sort((a, b) => direction * (a.rank - b.rank) || direction * (b.time - a.time));
  return [...assessed.map((entry) => entry.student), ...unassessed];
}

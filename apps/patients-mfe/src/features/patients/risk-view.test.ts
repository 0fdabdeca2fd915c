import type { StudentSummary } from '@psicocampus/shared';
import { makeStudent } from '../../testing/fixtures';
import { nextRiskSort, riskKey, viewByRisk } from './risk-view';

function assessed(
  firstName: string,
  level: NonNullable<StudentSummary['latestRisk']>['level'] | null,
  assessedAt = '2026-03-01T10:00:00.000Z',
): StudentSummary {
  return makeStudent({
    firstName,
    latestRisk: level && { assessmentId: `evaluacion-${firstName}`, level, assessedAt },
  });
}

const names = (students: readonly StudentSummary[]) => students.map((s) => s.firstName);

// The caseload as the API orders it (by name).
const ana = assessed('Ana', 'BAJO', '2026-02-01T10:00:00.000Z');
const bruno = assessed('Bruno', null);
const carla = assessed('Carla', 'MUY_ALTO', '2026-01-10T10:00:00.000Z');
const diego = assessed('Diego', 'MODERADO');
const elena = assessed('Elena', 'MUY_ALTO', '2026-03-05T10:00:00.000Z');
const fabian = assessed('Fabián', null);
const gabriela = assessed('Gabriela', 'INDETERMINADO');
const hugo = assessed('Hugo', 'ALTO');
const ines = assessed('Inés', 'BAJO', '2026-03-09T10:00:00.000Z');
const CASELOAD = [ana, bruno, carla, diego, elena, fabian, gabriela, hugo, ines];

describe('the list by level', () => {
  it('keeps the caseload as it is with no filter and no order', () => {
    expect(viewByRisk(CASELOAD, 'ALL', 'none')).toBe(CASELOAD);
  });

  it('puts the most severe first, the latest assessment first within a level, and no assessment last', () => {
    expect(names(viewByRisk(CASELOAD, 'ALL', 'descending'))).toEqual([
      'Elena',
      'Carla',
      'Hugo',
      'Diego',
      'Inés',
      'Ana',
      'Gabriela',
      'Bruno',
      'Fabián',
    ]);
  });

  it("reverses that order for 'ascending', but 'Sin evaluación' stays last", () => {
    expect(names(viewByRisk(CASELOAD, 'ALL', 'ascending'))).toEqual([
      'Gabriela',
      'Ana',
      'Inés',
      'Diego',
      'Hugo',
      'Carla',
      'Elena',
      'Bruno',
      'Fabián',
    ]);
  });

  it('filters by one level, or by no assessment', () => {
    expect(names(viewByRisk(CASELOAD, 'MUY_ALTO', 'none'))).toEqual(['Carla', 'Elena']);
    expect(names(viewByRisk(CASELOAD, 'BAJO', 'descending'))).toEqual(['Inés', 'Ana']);
    expect(names(viewByRisk(CASELOAD, 'SIN_EVALUACION', 'none'))).toEqual(['Bruno', 'Fabián']);
    expect(viewByRisk(CASELOAD, 'NO_APLICA', 'none')).toEqual([]);
  });

  it("reads a student without a level as 'Sin evaluación'", () => {
    expect(riskKey(bruno)).toBe('SIN_EVALUACION');
    expect(riskKey(hugo)).toBe('ALTO');
  });

  it("filters and orders by the clinician's level where one is recorded", () => {
    // The scale said BAJO; the clinician judged MUY_ALTO: she counts as MUY_ALTO.
    const judged = makeStudent({
      firstName: 'Julia',
      latestRisk: {
        assessmentId: 'evaluacion-Julia',
        level: 'BAJO',
        assessedAt: '2026-03-10T10:00:00.000Z',
        clinicianLevel: 'MUY_ALTO',
      },
    });
    // And the other way round: the scale's ALTO, lowered to MODERADO.
    const lowered = makeStudent({
      firstName: 'Kevin',
      latestRisk: {
        assessmentId: 'evaluacion-Kevin',
        level: 'ALTO',
        assessedAt: '2026-03-10T10:00:00.000Z',
        clinicianLevel: 'MODERADO',
      },
    });
    const caseload = [...CASELOAD, judged, lowered];
    expect(riskKey(judged)).toBe('MUY_ALTO');
    expect(names(viewByRisk(caseload, 'MUY_ALTO', 'none'))).toEqual(['Carla', 'Elena', 'Julia']);
    expect(names(viewByRisk(caseload, 'BAJO', 'none'))).toEqual(['Ana', 'Inés']);
    expect(names(viewByRisk(caseload, 'ALTO', 'none'))).toEqual(['Hugo']);
    expect(names(viewByRisk(caseload, 'ALL', 'descending')).slice(0, 5)).toEqual([
      'Julia',
      'Elena',
      'Carla',
      'Hugo',
      'Kevin',
    ]);
  });

  it('cycles the order: none, most severe first, least severe first, none', () => {
    expect(nextRiskSort('none')).toBe('descending');
    expect(nextRiskSort('descending')).toBe('ascending');
    expect(nextRiskSort('ascending')).toBe('none');
  });

  it('orders 5,000 students without losing or repeating one', () => {
    const levels = ['ALTO', null, 'BAJO', 'MUY_ALTO', 'MODERADO'] as const;
    const many = Array.from({ length: 5000 }, (_, index) =>
      assessed(
        `Estudiante${index}`,
        levels[index % levels.length]!,
        new Date(Date.UTC(2026, 0, 1 + (index % 300))).toISOString(),
      ),
    );
    const sorted = viewByRisk(many, 'ALL', 'descending');
    expect(new Set(sorted).size).toBe(5000);
    expect(sorted[0]!.latestRisk?.level).toBe('MUY_ALTO');
    expect(sorted.at(-1)!.latestRisk).toBeNull();
    expect(sorted.slice(4000).every((student) => student.latestRisk === null)).toBe(true);
  });
});

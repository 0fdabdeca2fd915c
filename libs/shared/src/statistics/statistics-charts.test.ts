import type { Statistics } from '@psicocampus/shared/domain';
import { MSG } from '@psicocampus/shared/domain';
import {
  MAX_CHART_CAREERS,
  RISK_LEVEL_CHART_COLORS,
  statisticsChartSpecs,
} from './statistics-charts';

function statistics(overrides: Partial<Statistics> = {}): Statistics {
  return {
    scope: 'CASELOAD',
    totals: { students: 5, psychologists: 1, assessmentsThisMonth: 2, highRiskStudents: 1 },
    byGender: [
      { key: 'FEMENINO', label: 'Femenino', count: 3 },
      { key: 'MASCULINO', label: 'Masculino', count: 2 },
      { key: 'OTRO', label: 'Otro', count: 0 },
    ],
    byRiskLevel: [
      { key: 'ALTO', label: 'Alto', count: 1 },
      { key: 'BAJO', label: 'Bajo', count: 2 },
      { key: 'SIN_EVALUACION', label: 'Sin evaluación', count: 2 },
    ],
    byCareer: [{ key: 'Medicina', label: 'Medicina', count: 5 }],
    bySemester: [{ key: 'PRIMERO', label: 'Primero', count: 5 }],
    assessmentsPerMonth: [
      { key: '2026-10', label: 'oct. 2026', count: 0 },
      { key: '2026-11', label: 'nov. 2026', count: 2 },
    ],
    ...overrides,
  };
}

describe('statisticsChartSpecs (docs/screens-and-routes.md#statistics)', () => {
  it('gives the five charts in order, with their titles, kinds and totals', () => {
    const specs = statisticsChartSpecs(statistics());
    expect(specs.map((spec) => [spec.title, spec.kind, spec.total])).toEqual([
      [MSG.statistics.byGender, 'pie', 5],
      [MSG.statistics.byRiskLevel, 'bar', 5],
      [MSG.statistics.byCareer, 'horizontal-bar', 5],
      [MSG.statistics.bySemester, 'bar', 5],
      [MSG.statistics.perMonth, 'bar', 2],
    ]);
  });

  it('keeps every category in the table but draws no empty slice', () => {
    const [gender] = statisticsChartSpecs(statistics());
    expect(gender!.rows.map((row) => row.key)).toEqual(['FEMENINO', 'MASCULINO', 'OTRO']);
    expect(gender!.chartRows.map((row) => row.key)).toEqual(['FEMENINO', 'MASCULINO']);
  });

  it('orders the levels from the most severe, whatever order they come in', () => {
    const risk = statisticsChartSpecs(
      statistics({
        byRiskLevel: [
          { key: 'NO_APLICA', label: 'No aplica (suicidio consumado)', count: 0 },
          { key: 'SIN_EVALUACION', label: 'Sin evaluación', count: 1 },
          { key: 'BAJO', label: 'Bajo', count: 2 },
          { key: 'MUY_ALTO', label: 'Muy alto', count: 1 },
          { key: 'INDETERMINADO', label: 'Indeterminado', count: 1 },
        ],
      }),
    )[1]!;
    expect(risk.rows.map((row) => row.key)).toEqual([
      'MUY_ALTO',
      'BAJO',
      'INDETERMINADO',
      'NO_APLICA',
      'SIN_EVALUACION',
    ]);
  });

  it("gives each level the risk badge's colour and mark, and 'Sin evaluación' its own", () => {
    const risk = statisticsChartSpecs(statistics())[1]!;
    expect(risk.rows.map((row) => [row.key, row.color, row.mark])).toEqual([
      ['ALTO', RISK_LEVEL_CHART_COLORS.ALTO, '◆'],
      ['BAJO', RISK_LEVEL_CHART_COLORS.BAJO, '●'],
      ['SIN_EVALUACION', RISK_LEVEL_CHART_COLORS.SIN_EVALUACION, '○'],
    ]);
  });

  it("keeps the server's 'Otras carreras' last, however large", () => {
    const byCareer = [
      { key: 'medicina', label: 'Medicina', count: 4 },
      { key: 'OTRAS', label: MSG.statistics.otherCareers, count: 9 },
      { key: 'derecho', label: 'Derecho', count: 6 },
    ];
    const career = statisticsChartSpecs(statistics({ byCareer }))[2]!;
    expect(career.chartRows.map((row) => [row.label, row.count])).toEqual([
      ['Derecho', 6],
      ['Medicina', 4],
      [MSG.statistics.otherCareers, 9],
    ]);
  });

  it("draws the largest careers and groups the rest as 'Otras carreras', growing the chart", () => {
    const byCareer = Array.from({ length: 14 }, (_, index) => ({
      key: `C${index}`,
      label: `Carrera ${index}`,
      count: index + 1,
    }));
    const career = statisticsChartSpecs(statistics({ byCareer }))[2]!;
    expect(career.rows).toHaveLength(14);
    expect(career.chartRows).toHaveLength(MAX_CHART_CAREERS + 1);
    expect(career.chartRows[0]).toMatchObject({ label: 'Carrera 13', count: 14 });
    // The 4 smallest (1 + 2 + 3 + 4) are one bar.
    expect(career.chartRows.at(-1)).toMatchObject({
      label: MSG.statistics.otherCareers,
      count: 10,
    });
    expect(career.height).toBeGreaterThan(statisticsChartSpecs(statistics())[2]!.height);
  });
});

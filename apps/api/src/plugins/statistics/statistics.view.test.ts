import { MSG } from '@psicocampus/shared/domain';
import { lastTwelveMonths, toByCareer, toByRiskLevel, toPerMonth } from './statistics.view';

describe('lastTwelveMonths', () => {
  it("runs back over the new year, oldest first, with the 13 boundaries on the service's clock", () => {
    // 31 January 2027 at 23:59 in Guayaquil is already February in UTC.
    const { months, bounds } = lastTwelveMonths(
      new Date('2027-02-01T04:59:00Z'),
      'America/Guayaquil',
    );
    expect(months.map((month) => month.key)).toEqual([
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
      '2026-12',
      '2027-01',
    ]);
    expect(months[9]!.label).toMatch(/^nov\.? 2026$/);
    expect(bounds).toHaveLength(13);
    expect(bounds[0]!.toISOString()).toBe('2026-02-01T05:00:00.000Z');
    expect(bounds[12]!.toISOString()).toBe('2027-02-01T05:00:00.000Z');
  });

  it('starts each month at its midnight across a change of hour', () => {
    const { bounds } = lastTwelveMonths(new Date('2026-11-21T12:00:00Z'), 'Europe/Madrid');
    // December 2025 (winter, UTC+1) … April 2026 (summer, UTC+2).
    expect(bounds[0]!.toISOString()).toBe('2025-11-30T23:00:00.000Z');
    expect(bounds[4]!.toISOString()).toBe('2026-03-31T22:00:00.000Z');
  });
});

describe('toPerMonth', () => {
  it('puts bucket i + 1 in month i and zeros elsewhere', () => {
    const { months } = lastTwelveMonths(new Date('2026-11-21T12:00:00Z'), 'America/Guayaquil');
    const counts = toPerMonth(months, [
      { bucket: 1, count: 4 },
      { bucket: 12, count: 9 },
    ]).map((month) => month.count);
    expect(counts).toEqual([4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9]);
  });
});

describe('toByCareer', () => {
  const rows = (total: number) =>
    Array.from({ length: total }, (_, i) => ({ key: `c${i}`, label: `C${i}`, count: 20 - i }));

  it('names at most ten careers and sums the rest as "Otras carreras"', () => {
    const careers = toByCareer(rows(13));
    expect(careers).toHaveLength(11);
    expect(careers[9]).toEqual({ key: 'c9', label: 'C9', count: 11 });
    expect(careers[10]).toEqual({
      key: 'OTRAS',
      label: MSG.statistics.otherCareers,
      count: 10 + 9 + 8,
    });
  });

  it('adds no "Otras carreras" when ten or fewer', () => {
    expect(toByCareer(rows(10))).toHaveLength(10);
  });
});

describe('toByRiskLevel', () => {
  it('lists every level in order, then the students never assessed', () => {
    const levels = toByRiskLevel([
      { key: 'BAJO', count: 3 },
      { key: null, count: 2 },
      { key: 'MUY_ALTO', count: 1 },
    ]);
    expect(levels.map((row) => [row.key, row.count])).toEqual([
      ['NO_APLICA', 0],
      ['MUY_ALTO', 1],
      ['ALTO', 0],
      ['MODERADO', 0],
      ['BAJO', 3],
      ['INDETERMINADO', 0],
      ['SIN_EVALUACION', 2],
    ]);
    expect(levels.at(-1)!.label).toBe(MSG.statistics.noAssessment);
    expect(levels[1]!.label).toBe(MSG.assessment.levels.MUY_ALTO);
  });
});

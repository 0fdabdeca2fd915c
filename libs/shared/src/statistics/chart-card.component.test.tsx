import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lazy } from 'react';
import type { Statistics } from '@psicocampus/shared/domain';
import { MSG } from '@psicocampus/shared/domain';
import type { StatisticsChartProps } from './statistics-charts';
import { fitChartSpec, NARROW_CHART, StatisticsChartCards } from './chart-card.component';
import { statisticsChartSpecs } from './statistics-charts';

const S = MSG.statistics;

const statistics: Statistics = {
  scope: 'CASELOAD',
  totals: { students: 3, psychologists: 1, assessmentsThisMonth: 1, highRiskStudents: 0 },
  byGender: [
    { key: 'FEMENINO', label: 'Femenino', count: 2 },
    { key: 'MASCULINO', label: 'Masculino', count: 1 },
  ],
  byRiskLevel: [{ key: 'BAJO', label: 'Bajo', count: 3 }],
  byCareer: [{ key: 'Derecho', label: 'Derecho', count: 3 }],
  bySemester: [{ key: 'CUARTO', label: 'Cuarto', count: 3 }],
  assessmentsPerMonth: [{ key: '2026-11', label: 'nov. 2026', count: 1 }],
};

/** A stand-in for nivo: it says what it was asked to draw. */
function FakeChart({ spec }: StatisticsChartProps) {
  return <p>{`${spec.id}: ${spec.chartRows.map((row) => row.count).join(',')}`}</p>;
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('StatisticsChartCards', () => {
  it('gives each count a section with its chart, labelled, and its table', () => {
    render(<StatisticsChartCards statistics={statistics} Chart={FakeChart} />);
    const gender = screen.getByRole('region', { name: S.byGender });
    expect(within(gender).getByRole('img', { name: S.chartLabel(S.byGender) })).toHaveTextContent(
      'gender: 2,1',
    );
    expect(within(gender).getByRole('table', { name: S.byGender })).toBeInTheDocument();
    expect(screen.getAllByRole('region')).toHaveLength(5);
  });

  it("shows a section's table with 'Ver como tabla' and hides it with 'Ocultar tabla'", async () => {
    render(<StatisticsChartCards statistics={statistics} Chart={FakeChart} />);
    const section = screen.getByRole('region', { name: S.bySemester });
    const box = within(section).getByRole('table').parentElement!;
    expect(box).toHaveAttribute('data-visible', 'false');
    await userEvent.click(within(section).getByRole('button', { name: S.showTable }));
    expect(box).toHaveAttribute('data-visible', 'true');
    await userEvent.click(within(section).getByRole('button', { name: S.hideTable }));
    expect(box).toHaveAttribute('data-visible', 'false');
  });

  it('shows the table instead when the chart cannot be drawn (its code failed to load)', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => {});
    const Broken = lazy(() => Promise.reject(new Error('ChunkLoadError')));
    render(<StatisticsChartCards statistics={statistics} Chart={Broken} />);
    const section = screen.getByRole('region', { name: S.byGender });
    expect(await within(section).findByText(S.chartUnavailable)).toBeInTheDocument();
    expect(within(section).getByRole('table').parentElement).toHaveAttribute(
      'data-visible',
      'true',
    );
    expect(within(section).queryByRole('button', { name: S.showTable })).not.toBeInTheDocument();
  });

  it('shows one empty state when there is nothing to count', () => {
    const none: Statistics = {
      ...statistics,
      byGender: [],
      byRiskLevel: [],
      byCareer: [],
      bySemester: [],
      assessmentsPerMonth: [{ key: '2026-11', label: 'nov. 2026', count: 0 }],
    };
    render(<StatisticsChartCards statistics={none} Chart={FakeChart} />);
    expect(screen.getByText(S.empty)).toBeInTheDocument();
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });
});

describe('fitChartSpec', () => {
  const gender = statisticsChartSpecs(statistics).find((spec) => spec.id === 'gender')!;

  it('draws a pie as bars in a box under 440 px, even when its short labels would fit', () => {
    expect(gender.kind).toBe('pie');
    expect(fitChartSpec(gender, NARROW_CHART - 1).kind).toBe('horizontal-bar');
    expect(fitChartSpec(gender, NARROW_CHART).kind).toBe('pie');
  });

  it('keeps the spec while the box is not measured', () => {
    expect(fitChartSpec(gender, 0)).toBe(gender);
  });
});

import { render, screen } from '@testing-library/react';
import { formatDate, MSG } from '@psicocampus/shared/domain';
import { RiskBadge } from './risk-badge.component';

describe('RiskBadge', () => {
  it("shows the level's name in words, with the date of the assessment", () => {
    const { container } = render(
      <RiskBadge risk={{ level: 'MUY_ALTO', assessedAt: '2026-03-03T15:00:00.000Z' }} />,
    );
    expect(screen.getByText(MSG.assessment.levels.MUY_ALTO)).toBeInTheDocument();
    const date = container.querySelector('time')!;
    expect(date).toHaveAttribute('dateTime', '2026-03-03T15:00:00.000Z');
    expect(date).toHaveTextContent(formatDate('2026-03-03T15:00:00.000Z'));
    // Read as one phrase by a screen reader: 'Muy alto, evaluado el 3 de marzo de 2026'.
    expect(container).toHaveTextContent(
      `${MSG.assessment.levels.MUY_ALTO}${MSG.currentRisk.assessedOn} ${formatDate('2026-03-03T15:00:00.000Z')}`,
    );
    expect(container.firstElementChild).toHaveAttribute('data-level', 'MUY_ALTO');
  });

  it.each(['BAJO', 'MODERADO', 'ALTO', 'INDETERMINADO', 'NO_APLICA'] as const)(
    'names %s in words, not by colour alone',
    (level) => {
      render(<RiskBadge risk={{ level, assessedAt: '2026-01-05T12:00:00.000Z' }} />);
      expect(screen.getByText(MSG.assessment.levels[level])).toBeInTheDocument();
    },
  );

  it("says 'Sin evaluación', with no date, when there is no assessment", () => {
    const { container } = render(<RiskBadge risk={null} />);
    expect(screen.getByText(MSG.currentRisk.none)).toBeInTheDocument();
    expect(container.querySelector('time')).toBeNull();
    expect(container.firstElementChild).toHaveAttribute('data-level', 'SIN_EVALUACION');
  });
});

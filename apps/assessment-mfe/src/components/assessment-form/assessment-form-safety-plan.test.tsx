import { screen } from '@testing-library/react';
import type { RiskLevel } from '@psicocampus/shared';
import { SAFETY_PLAN_MSG } from '@psicocampus/shared/safety-plan';
import { savedAssessment, STUDENT_ID } from '../../testing/fixtures';
import { answerNothingEndorsed, closeDialog } from '../../testing/form-driver';
import { renderForm, saveAndAcknowledge, server } from '../../testing/saving-driver';

const P = SAFETY_PLAN_MSG;

afterEach(() => {
  document.body.innerHTML = '';
});

async function saveAt(level: RiskLevel) {
  const assessment = savedAssessment({ riskLevel: level });
  server(assessment);
  const user = await renderForm();
  await answerNothingEndorsed(user);
  await closeDialog(user, await saveAndAcknowledge(user));
  return assessment;
}

describe('the assessment form, once saved, asks for a safety plan', () => {
  it.each([
    ['ALTO', 'alto'],
    ['MUY_ALTO', 'muy alto'],
  ] as const)(
    'at %s: says the level in force exactly, with a link to the student’s plan in the patients remote',
    async (level, said) => {
      const assessment = await saveAt(level);
      expect(screen.getByText(P.needed(said))).toBeInTheDocument();
      expect(screen.getByRole('link', { name: P.create })).toHaveAttribute(
        'href',
        `/psychologist/dashboard/patients/${STUDENT_ID}/safety-plan?assessment=${assessment._id}`,
      );
    },
  );

  it.each(['MODERADO', 'BAJO'] as const)('at %s: nothing', async (level) => {
    await saveAt(level);
    expect(screen.queryByText(P.neededTitle)).toBeNull();
  });
});

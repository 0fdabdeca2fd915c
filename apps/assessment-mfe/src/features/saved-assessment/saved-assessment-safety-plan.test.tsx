import { screen, within } from '@testing-library/react';
import { MSG, type SuicideAssessment } from '@psicocampus/shared';
import { SAFETY_PLAN_MSG } from '@psicocampus/shared/safety-plan';
import { renderWithApp, stubApi, testPsychologist } from '@psicocampus/shared/testing';
import { author, savedAssessment, student, STUDENT_ID } from '../../testing/fixtures';
import SavedAssessmentPage from './saved-assessment.page';

const P = SAFETY_PLAN_MSG;

async function renderWith(
  assessment: SuicideAssessment,
  safetyPlan: ReturnType<typeof student>['safetyPlan'] = null,
) {
  stubApi((call) => {
    if (call.path === `/api/suicide-assessments/${assessment._id}`) {
      return Response.json({ ok: true, assessment });
    }
    if (call.path === `/api/students/${STUDENT_ID}`) {
      return Response.json({ ok: true, student: student({ safetyPlan }) });
    }
    return undefined;
  });
  await renderWithApp(<SavedAssessmentPage />, {
    route: `/psychologist/dashboard/evaluacion/${assessment._id}`,
    path: '/psychologist/dashboard/evaluacion/:id',
    session: { token: 'token-123', user: testPsychologist },
  });
  await screen.findByRole('region', { name: MSG.savedAssessment.summary });
  // The student arrives after the assessment.
  await screen.findByText('María José Castillo');
}

afterEach(() => {
  document.body.innerHTML = '';
});

const planLink = (name: string) => screen.findByRole('link', { name });

describe("'Evaluación Registrada' asks for a safety plan", () => {
  it('at MUY_ALTO with no plan: a warning with a link to write it in the patients remote, naming the assessment', async () => {
    const assessment = savedAssessment({ riskLevel: 'MUY_ALTO' });
    await renderWith(assessment);
    const link = await planLink(P.create);
    expect(link).toHaveAttribute(
      'href',
      `/psychologist/dashboard/patients/${STUDENT_ID}/safety-plan?assessment=${assessment._id}`,
    );
    // The level in force exactly: 'muy alto', never 'alto'.
    expect(
      screen.getByText(
        'El nivel de riesgo vigente es muy alto: elabora un plan de seguridad con el/la estudiante.',
      ),
    ).toBeInTheDocument();
  });

  it('by the clinician’s level when there is one: ALTO on a scale’s MODERADO asks, BAJO on a scale’s ALTO does not', async () => {
    const raised = savedAssessment({
      riskLevel: 'MODERADO',
      clinicianLevel: {
        level: 'ALTO',
        reason: 'x'.repeat(25),
        at: '2026-11-01T10:00:00Z',
        by: author,
      },
    });
    await renderWith(raised);
    expect(await planLink(P.create)).toBeInTheDocument();
    document.body.innerHTML = '';

    const lowered = savedAssessment({
      riskLevel: 'ALTO',
      clinicianLevel: {
        level: 'BAJO',
        reason: 'x'.repeat(25),
        at: '2026-11-01T10:00:00Z',
        by: author,
      },
    });
    await renderWith(lowered);
    expect(screen.queryByText(P.neededTitle)).toBeNull();
  });

  it('says a draft is to be completed, and only points to a complete plan', async () => {
    await renderWith(savedAssessment({ riskLevel: 'ALTO' }), {
      version: 2,
      status: 'draft',
      updatedAt: '2026-11-02T10:00:00Z',
    });
    expect(await planLink(P.edit)).toBeInTheDocument();
    expect(screen.getByText(P.neededDraft('alto'))).toBeInTheDocument();
    document.body.innerHTML = '';

    await renderWith(savedAssessment({ riskLevel: 'ALTO' }), {
      version: 3,
      status: 'complete',
      updatedAt: '2026-11-02T10:00:00Z',
    });
    expect(await planLink(P.open)).toBeInTheDocument();
    expect(screen.getByText(P.completeNote('3'))).toBeInTheDocument();
  });

  it('asks nothing below ALTO', async () => {
    await renderWith(savedAssessment({ riskLevel: 'MODERADO' }));
    expect(screen.queryByText(P.neededTitle)).toBeNull();
    expect(within(document.body).queryByRole('link', { name: P.create })).toBeNull();
  });
});

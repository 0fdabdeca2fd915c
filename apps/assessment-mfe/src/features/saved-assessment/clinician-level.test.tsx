import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime, MSG, type SuicideAssessment } from '@psicocampus/shared';
import { CLINICIAN_LEVEL_MSG as C } from '@psicocampus/shared/clinician-level';
import { renderWithApp, stubApi, testPsychologist } from '@psicocampus/shared/testing';
import { savedAssessment, student, STUDENT_ID } from '../../testing/fixtures';
import { answerNothingEndorsed, closeDialog, dialogTitled } from '../../testing/form-driver';
import { renderForm, saveAndAcknowledge, SERVER_SAID } from '../../testing/saving-driver';
import SavedAssessmentPage from './saved-assessment.page';

const M = MSG.assessment;
const REASON = 'Red de apoyo sólida; acordamos un plan de seguridad hoy.';
const colleague = { _id: 'b2c3', firstName: 'Martín', lastName: 'Rojas', email: 'm@x.test' };

/** The page of one assessment whose engine said MUY_ALTO; the server records a level once. */
function serve(initial: SuicideAssessment) {
  let current = initial;
  const calls = stubApi((call) => {
    if (call.method === 'GET' && call.path === `/api/suicide-assessments/${initial._id}`) {
      return Response.json({ ok: true, assessment: current });
    }
    if (call.method === 'GET' && call.path === `/api/students/${STUDENT_ID}`) {
      return Response.json({ ok: true, student: student() });
    }
    if (call.method === 'PUT' && call.path.endsWith('/clinician-level')) {
      const body = call.body as { level: 'BAJO'; reason: string };
      current = {
        ...current,
        clinicianLevel: {
          level: body.level,
          reason: body.reason,
          at: '2026-10-21T15:00:00.000Z',
          by: current.createdBy,
        },
      };
      return Response.json({ ok: true, msg: C.saved, assessment: current });
    }
    return undefined;
  });
  return calls;
}

async function renderPage(assessment: SuicideAssessment) {
  await renderWithApp(<SavedAssessmentPage />, {
    route: `/psychologist/dashboard/evaluacion/${assessment._id}`,
    path: '/psychologist/dashboard/evaluacion/:id',
    session: { token: 'token-123', user: testPsychologist },
  });
  await screen.findByRole('region', { name: MSG.savedAssessment.summary });
  return userEvent.setup();
}

const section = () => screen.getByRole('region', { name: C.title });
const levelSelect = () =>
  within(section()).getByRole('combobox', { name: new RegExp(C.levelLabel) });
const reasonBox = () => within(section()).getByRole('textbox', { name: new RegExp(C.reasonLabel) });
const submitButton = () => within(section()).getByRole('button', { name: C.save });
const puts = (calls: ReturnType<typeof serve>) =>
  calls.filter((call) => call.method === 'PUT' && call.path.endsWith('/clinician-level'));

/** A label followed by its level's badge (whose mark, ■ or ●, sits between them). */
const side = (label: string, level: string) => new RegExp(`${label}\\W*${level}`);

afterEach(() => {
  document.body.innerHTML = '';
});

describe("'Nivel clínico' of a saved assessment", () => {
  it('refuses to send without a level or with a reason under 20 characters, saying why', async () => {
    const assessment = savedAssessment({ riskLevel: 'MUY_ALTO' });
    const calls = serve(assessment);
    const user = await renderPage(assessment);
    await user.click(submitButton());
    expect(await within(section()).findByText(C.levelRequired)).toBeInTheDocument();
    expect(within(section()).getByText(C.reasonRequired)).toBeInTheDocument();

    await user.selectOptions(levelSelect(), M.levels.MUY_ALTO);
    await user.type(reasonBox(), 'Demasiado corto.');
    await user.click(submitButton());
    expect(await within(section()).findByText(C.reasonTooShort)).toBeInTheDocument();
    expect(puts(calls)).toEqual([]);
  });

  it('asks before recording a level below the scale’s, and sends nothing when cancelled', async () => {
    const assessment = savedAssessment({ riskLevel: 'MUY_ALTO' });
    const calls = serve(assessment);
    const user = await renderPage(assessment);
    await user.selectOptions(levelSelect(), M.levels.BAJO);
    await user.type(reasonBox(), REASON);
    await user.click(submitButton());

    const asked = await dialogTitled(C.lowerTitle);
    expect(asked).toHaveTextContent(C.lowerText(M.levels.BAJO, M.levels.MUY_ALTO));
    expect(asked).toHaveTextContent('El nivel clínico es menor que el estimado por la escala');
    await closeDialog(user, asked, MSG.common.cancel);
    expect(puts(calls)).toEqual([]);

    await user.click(submitButton());
    await closeDialog(user, await dialogTitled(C.lowerTitle), C.lowerConfirm);
    await closeDialog(user, await dialogTitled(C.saved));
    expect(puts(calls).map((call) => call.body)).toEqual([{ level: 'BAJO', reason: REASON }]);

    // Recorded: both levels side by side, the reason, who and when; no form any more.
    await waitFor(() =>
      expect(within(section()).queryByRole('button', { name: C.save })).toBeNull(),
    );
    const shown = section();
    expect(shown).toHaveTextContent(side(C.engineLevel, M.levels.MUY_ALTO));
    expect(shown).toHaveTextContent(side(C.clinicianLevel, M.levels.BAJO));
    expect(shown).toHaveTextContent(REASON);
    expect(shown).toHaveTextContent(
      C.recordedBy('Lucía Fernández', formatDateTime('2026-10-21T15:00:00.000Z')),
    );
    // The summary names each of them too, the scale's kept, and says which is in force.
    const summary = screen.getByRole('region', { name: MSG.savedAssessment.summary });
    expect(summary).toHaveTextContent(side(C.engineLevel, M.levels.MUY_ALTO));
    expect(summary).toHaveTextContent(side(C.clinicianLevel, M.levels.BAJO));
    expect(summary).toHaveTextContent(`${M.levels.BAJO} (${C.inForceClinician})`);
  });

  it('records a level at or above the scale’s without asking', async () => {
    const assessment = savedAssessment({ riskLevel: 'MODERADO' });
    const calls = serve(assessment);
    const user = await renderPage(assessment);
    await user.selectOptions(levelSelect(), M.levels.ALTO);
    await user.type(reasonBox(), REASON);
    await user.click(submitButton());
    await closeDialog(user, await dialogTitled(C.saved));
    expect(screen.queryByRole('dialog', { name: C.lowerTitle })).toBeNull();
    expect(puts(calls).map((call) => call.body)).toEqual([{ level: 'ALTO', reason: REASON }]);
  });

  it('shows no form to whoever did not write the assessment', async () => {
    const assessment = savedAssessment({ riskLevel: 'ALTO', createdBy: colleague });
    serve(assessment);
    await renderPage(assessment);
    expect(section()).toHaveTextContent(C.noneYet);
    expect(within(section()).queryByRole('button', { name: C.save })).toBeNull();
  });
});

describe("'Nivel clínico' in the form once saved ('Evaluación Registrada')", () => {
  it('lets its author record it right away, then shows both levels', async () => {
    const saved = savedAssessment({ riskLevel: 'BAJO' });
    const calls = stubApi((call) => {
      if (call.method === 'POST' && call.path === '/api/suicide-assessments') {
        return Response.json({ ok: true, msg: SERVER_SAID, assessment: saved }, { status: 201 });
      }
      if (
        call.method === 'PUT' &&
        call.path === `/api/suicide-assessments/${saved._id}/clinician-level`
      ) {
        const body = call.body as { level: 'MODERADO'; reason: string };
        return Response.json({
          ok: true,
          msg: C.saved,
          assessment: {
            ...saved,
            clinicianLevel: { ...body, at: '2026-10-21T15:00:00.000Z', by: saved.createdBy },
          },
        });
      }
      return undefined;
    });
    const user = await renderForm();
    await answerNothingEndorsed(user);
    await closeDialog(user, await saveAndAcknowledge(user));

    await user.selectOptions(levelSelect(), M.levels.MODERADO);
    await user.type(reasonBox(), REASON);
    await user.click(submitButton());
    await closeDialog(user, await dialogTitled(C.saved));
    expect(puts(calls).map((call) => call.body)).toEqual([{ level: 'MODERADO', reason: REASON }]);
    expect(section()).toHaveTextContent(side(C.engineLevel, M.levels.BAJO));
    expect(section()).toHaveTextContent(side(C.clinicianLevel, M.levels.MODERADO));
    expect(within(section()).queryByRole('button', { name: C.save })).toBeNull();
  });
});

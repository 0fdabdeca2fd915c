import { act, screen, waitFor, within } from '@testing-library/react';
import {
  emptyAssessmentAnswers,
  MSG,
  type AssessmentAnswers,
  type RiskLevel,
} from '@psicocampus/shared';
import { deferred } from '@psicocampus/shared/testing';
import { savedAssessment, STUDENT_ID } from '../../testing/fixtures';
import {
  answer,
  answerNothingEndorsed,
  BEHAVIOUR_KEYS,
  closeDialog,
  dialogTitled,
  labelled,
  question,
  radio,
  section,
} from '../../testing/form-driver';
import {
  remarksBox,
  renderForm,
  saveAndAcknowledge,
  saveButton,
  server,
  SERVER_SAID,
} from '../../testing/saving-driver';

const M = MSG.assessment;

afterEach(() => {
  document.body.innerHTML = '';
});

describe("'Guardar Evaluación' (docs/columbia-assessment.md#saving and docs/api.md#assessments)", () => {
  it('sends the answers once, normalized, for the student, with the session token and no level', async () => {
    const calls = server(savedAssessment());
    const user = await renderForm();
    await answer(user, 'deathWish', 'Sí', 'Quiere dormir y no despertar');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'Sí');
    await answer(user, 'activeSuicidalIdeationWithMethods', 'Sí', 'Pensó en pastillas');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'No');
    const intensity = section(M.intensitySection)!;
    await user.selectOptions(within(intensity).getByLabelText(labelled(M.mostSeriousType)), '5');
    await user.type(
      within(intensity).getByLabelText(labelled(M.mostSeriousDescription)),
      'Cada noche',
    );
    await user.selectOptions(within(intensity).getByLabelText(labelled(M.frequency)), '3');
    for (const key of BEHAVIOUR_KEYS) await answer(user, key, 'No');
    await answer(user, 'abortedAttempt', 'Sí', 'Se detuvo en el puente');
    const total = within(question('abortedAttempt')).getByLabelText(M.totalAttempts);
    await user.clear(total);
    await user.type(total, '2');
    await user.type(screen.getByRole('textbox', { name: M.observations }), 'Acude acompañada');

    await closeDialog(user, await saveAndAcknowledge(user));

    const expected: AssessmentAnswers = {
      ...emptyAssessmentAnswers(),
      deathWish: { present: true, description: 'Quiere dormir y no despertar' },
      nonSpecificActiveSuicidalThoughts: { present: false, description: '' },
      activeSuicidalIdeationWithMethods: { present: false, description: '' },
      activeSuicidalIdeationWithIntent: { present: false, description: '' },
      activeSuicidalIdeationWithPlan: { present: false, description: '' },
      ideationIntensity: {
        mostSeriousIdeationType: 5,
        mostSeriousIdeationDescription: 'Cada noche',
        frequency: 3,
      },
      actualAttempt: { present: false, description: '', totalAttempts: 0 },
      nonSuicidalSelfInjury: { present: false, description: '' },
      unknownIntentSelfInjury: { present: false, description: '' },
      interruptedAttempt: { present: false, description: '', totalAttempts: 0 },
      abortedAttempt: { present: true, description: 'Se detuvo en el puente', totalAttempts: 2 },
      preparatoryActs: { present: false, description: '' },
      observations: 'Acude acompañada',
    };
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/suicide-assessments' });
    expect(calls[0]!.headers.get('x-token')).toBe('token-123');
    expect(calls[0]!.body).toEqual({ ...expected, student: STUDENT_ID });
  });

  it('sends no description of an item set back to "No", and shows none when it is "Sí" again (docs/columbia-assessment.md#contradicting-answers)', async () => {
    const calls = server(savedAssessment());
    const user = await renderForm();
    await answerNothingEndorsed(user);
    await answer(user, 'actualAttempt', 'Sí', 'Ingesta de pastillas');
    await answer(user, 'preparatoryActs', 'Sí', 'Reunió pastillas');
    await answer(user, 'actualAttempt', 'No');
    await answer(user, 'preparatoryActs', 'No');
    await answer(user, 'actualAttempt', 'Sí');
    expect(within(question('actualAttempt')).getByLabelText(/Descripción/)).toHaveValue('');
    await answer(user, 'actualAttempt', 'No');

    await closeDialog(user, await saveAndAcknowledge(user));
    const body = calls[0]!.body as AssessmentAnswers;
    expect(body.actualAttempt).toEqual({ present: false, description: '', totalAttempts: 0 });
    expect(body.preparatoryActs).toEqual({ present: false, description: '' });
  });

  it('tells the level the server computed, even when it differs from the live estimate', async () => {
    server(savedAssessment({ riskLevel: 'MUY_ALTO' }));
    const user = await renderForm();
    await answerNothingEndorsed(user);
    expect(screen.getByRole('status')).toHaveTextContent(M.levels.BAJO);

    await user.click(saveButton());
    const registered = await dialogTitled(M.registered);
    expect(registered).toHaveTextContent(M.registeredText(M.levels.MUY_ALTO));
    expect(registered).toHaveTextContent(M.decisionAid);
    await closeDialog(user, registered);

    expect(screen.getByRole('status')).toHaveTextContent(M.levels.MUY_ALTO);
    expect(screen.getByRole('status')).not.toHaveTextContent(M.levels.BAJO);
  });

  describe("one dialog, 'Evaluación Registrada'", () => {
    const PROTOCOL = 'Avisar hoy a la coordinación; seguimiento en 48 horas.';
    const iconOf = (dialog: HTMLElement) => dialog.querySelector('.swal2-icon.swal2-icon-show');

    async function saveAt(level: RiskLevel, protocol: string | null | undefined) {
      const assessment = savedAssessment({ riskLevel: level });
      server(assessment, {
        save: () =>
          Response.json(
            {
              ok: true,
              msg: SERVER_SAID,
              assessment,
              ...(protocol === undefined ? {} : { protocol }),
            },
            { status: 201 },
          ),
      });
      const user = await renderForm();
      await answerNothingEndorsed(user);
      await user.click(saveButton());
      const registered = await dialogTitled(M.registered);
      return { user, registered };
    }

    it.each(['ALTO', 'MUY_ALTO'] as const)(
      "warns at %s and says what the service's protocol asks next",
      async (level) => {
        const { user, registered } = await saveAt(level, PROTOCOL);
        expect(registered).toHaveTextContent(M.registeredText(M.levels[level]));
        expect(registered).toHaveTextContent(M.decisionAid);
        expect(registered).toHaveTextContent(`${MSG.savedAssessment.protocolTitle}: ${PROTOCOL}`);
        expect(iconOf(registered)).toHaveClass('swal2-warning');
        expect(registered).not.toHaveTextContent(SERVER_SAID);
        await closeDialog(user, registered);
        // Nothing else follows: one dialog, not two.
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      },
    );

    it("falls back on the catalogue's protocol when the server sends none", async () => {
      const { registered } = await saveAt('ALTO', undefined);
      expect(registered).toHaveTextContent(MSG.savedAssessment.protocolDefault);
      expect(iconOf(registered)).toHaveClass('swal2-warning');
    });

    it.each(['BAJO', 'MODERADO'] as const)(
      'informs at %s, with no protocol and no warning',
      async (level) => {
        const { user, registered } = await saveAt(level, null);
        expect(registered).toHaveTextContent(M.registeredText(M.levels[level]));
        expect(registered).not.toHaveTextContent(MSG.savedAssessment.protocolTitle);
        expect(iconOf(registered)).toHaveClass('swal2-info');
        expect(iconOf(registered)).not.toHaveClass('swal2-warning');
        await closeDialog(user, registered);
        expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      },
    );
  });

  it('then turns read-only, hides the save row and focuses the 7-row final remarks', async () => {
    const assessment = savedAssessment({ riskLevel: 'BAJO' });
    server(assessment);
    const onSaved = jest.fn();
    const user = await renderForm({ onSaved });
    await answerNothingEndorsed(user);
    await closeDialog(user, await saveAndAcknowledge(user));

    expect(onSaved).toHaveBeenCalledWith(assessment);
    expect(radio('deathWish', 'No')).toBeDisabled();
    expect(radio('deathWish', 'No')).toBeChecked();
    expect(screen.getByRole('textbox', { name: M.observations })).toBeDisabled();
    expect(screen.queryByRole('button', { name: M.save })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: MSG.common.cancel })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: M.finalRemarks })).toBeInTheDocument();
    expect(remarksBox()).toHaveAttribute('rows', '7');
    await waitFor(() => expect(remarksBox()).toHaveFocus());
  });

  it("shows 'Guardando...' while sending, and a second press sends nothing more", async () => {
    const answerLater = deferred<Response>();
    const calls = server(savedAssessment(), { save: () => answerLater.promise as never });
    const user = await renderForm();
    await answerNothingEndorsed(user);
    await user.click(saveButton());
    const busy = screen.getByRole('button', { name: M.saving });
    expect(busy).toBeDisabled();
    await user.click(busy);
    await act(async () =>
      answerLater.resolve(
        Response.json(
          { ok: true, msg: SERVER_SAID, assessment: savedAssessment() },
          { status: 201 },
        ),
      ),
    );
    await closeDialog(user, await dialogTitled(M.registered));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("keeps everything typed when saving fails, under 'Error' with the fallback", async () => {
    server(savedAssessment(), { save: () => new Response('', { status: 500 }) });
    const user = await renderForm();
    await answerNothingEndorsed(user);
    await user.type(
      screen.getByRole('textbox', { name: M.observations }),
      'Seguimiento en una semana',
    );
    await user.click(saveButton());

    const error = await dialogTitled(MSG.common.error);
    expect(error).toHaveTextContent(M.saveError);
    await closeDialog(user, error);
    expect(radio('preparatoryActs', 'No')).toBeChecked();
    expect(radio('preparatoryActs', 'No')).toBeEnabled();
    expect(screen.getByRole('textbox', { name: M.observations })).toHaveValue(
      'Seguimiento en una semana',
    );
    expect(screen.queryByRole('form', { name: M.finalRemarks })).not.toBeInTheDocument();
  });

  it('can be pressed again after a failed save, which sends the answers again', async () => {
    const calls = server(savedAssessment(), { save: () => new Response('', { status: 500 }) });
    const user = await renderForm();
    await answerNothingEndorsed(user);
    await user.click(saveButton());
    await closeDialog(user, await dialogTitled(MSG.common.error));

    await user.click(saveButton());
    await closeDialog(user, await dialogTitled(MSG.common.error));
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]!.body).toEqual(posts[0]!.body);
  });

  it("shows the server's message and marks the fields its 400 names", async () => {
    server(savedAssessment(), {
      save: () =>
        Response.json(
          {
            ok: false,
            msg: 'Los datos enviados no son válidos.',
            errors: [
              { field: 'observations', msg: 'El texto no puede superar los 5.000 caracteres.' },
            ],
          },
          { status: 400 },
        ),
    });
    const user = await renderForm();
    await answerNothingEndorsed(user);
    await user.click(saveButton());
    const error = await dialogTitled(MSG.common.error);
    expect(error).toHaveTextContent('Los datos enviados no son válidos.');
    await closeDialog(user, error);

    const observations = screen.getByRole('textbox', { name: M.observations });
    expect(observations).toHaveAttribute('aria-invalid', 'true');
    expect(observations).toHaveAccessibleDescription(
      'El texto no puede superar los 5.000 caracteres.',
    );
  });
});

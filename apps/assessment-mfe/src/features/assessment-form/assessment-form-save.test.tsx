import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import {
  emptyAssessmentAnswers,
  MSG,
  formatDateTime,
  type AssessmentAnswers,
  type AssessmentRemark,
  type SuicideAssessment,
} from '@psicocampus/shared';
import {
  deferred,
  renderWithApp,
  stubApi,
  testPsychologist,
  type RecordedCall,
} from '@psicocampus/shared/testing';
import { remark, savedAssessment, STUDENT_ID } from '../../testing/fixtures';
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
import AssessmentForm from './assessment-form.component';

const M = MSG.assessment;
const SERVER_SAID = 'Evaluación guardada correctamente.';

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

/** The server: saves assessments (answering `level`) and final remarks. */
function server(
  assessment: SuicideAssessment,
  overrides: { save?: Handler; remarks?: Handler } = {},
) {
  const remarks: AssessmentRemark[] = [];
  return stubApi((call) => {
    if (call.method === 'POST' && call.path === '/api/suicide-assessments') {
      return (
        overrides.save?.(call) ??
        Response.json({ ok: true, msg: SERVER_SAID, assessment }, { status: 201 })
      );
    }
    if (call.method === 'PUT' && call.path.endsWith('/final-remarks')) {
      const answer = overrides.remarks?.(call);
      if (answer) return answer;
      // Each save is appended to the ones before it, as the server does.
      const { finalRemarks } = call.body as { finalRemarks: string };
      remarks.push(remark(finalRemarks, `2026-10-0${remarks.length + 2}T10:00:00.000Z`));
      return Response.json({
        ok: true,
        msg: M.finalRemarksSaved,
        assessment: { ...assessment, finalRemarks, remarks: [...remarks] },
      });
    }
    return undefined;
  });
}

async function renderForm(
  props: { onClose?: () => void; onSaved?: (a: SuicideAssessment) => void } = {},
) {
  const onClose = props.onClose ?? jest.fn();
  await renderWithApp(
    <AssessmentForm
      studentId={STUDENT_ID}
      studentName="María José Castillo"
      onClose={onClose}
      onSaved={props.onSaved}
    />,
    { session: { token: 'token-123', user: testPsychologist } },
  );
  return userEvent.setup();
}

const saveButton = () => screen.getByRole('button', { name: M.save });

/** Saves and acknowledges 'Evaluación Guardada'; returns the 'Evaluación Registrada' dialog. */
async function saveAndAcknowledge(user: UserEvent) {
  await user.click(saveButton());
  await closeDialog(user, await dialogTitled(M.saved));
  return dialogTitled(M.registered);
}

const remarksBox = () => screen.getByRole('textbox', { name: M.newRemark });

afterEach(() => {
  document.body.innerHTML = '';
});

describe("'Guardar Evaluación' (SEED §4.6, §7; PRODUCT §11)", () => {
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

  it('tells the level the server computed, even when it differs from the live estimate', async () => {
    server(savedAssessment({ riskLevel: 'MUY_ALTO' }));
    const user = await renderForm();
    await answerNothingEndorsed(user);
    expect(screen.getByRole('status')).toHaveTextContent(M.levels.BAJO);

    await user.click(saveButton());
    const saved = await dialogTitled(M.saved);
    expect(saved).toHaveTextContent(SERVER_SAID);
    await closeDialog(user, saved);
    const registered = await dialogTitled(M.registered);
    expect(registered).toHaveTextContent(M.registeredText(M.levels.MUY_ALTO));
    expect(registered).toHaveTextContent(M.decisionAid);
    await closeDialog(user, registered);

    expect(screen.getByRole('status')).toHaveTextContent(M.levels.MUY_ALTO);
    expect(screen.getByRole('status')).not.toHaveTextContent(M.levels.BAJO);
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
    await closeDialog(user, await dialogTitled(M.saved));
    await closeDialog(user, await dialogTitled(M.registered));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it("keeps everything typed when saving fails, under 'Error' with the fallback", async () => {
    const calls = server(savedAssessment(), { save: () => new Response('', { status: 500 }) });
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

    await user.click(saveButton());
    await closeDialog(user, await dialogTitled(MSG.common.error));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(2);
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

describe("the 'observaciones posteriores' (SEED §4.7)", () => {
  async function savedForm(overrides: { remarks?: Handler } = {}) {
    const assessment = savedAssessment();
    const calls = server(assessment, overrides);
    const user = await renderForm();
    await answerNothingEndorsed(user);
    await closeDialog(user, await saveAndAcknowledge(user));
    return { user, calls, assessment };
  }

  it('must be written before they are saved', async () => {
    const { user, calls } = await savedForm();
    await user.click(screen.getByRole('button', { name: M.saveFinalRemarks }));
    const warning = await dialogTitled(M.validationTitle);
    expect(warning).toHaveTextContent(M.finalRemarksRequired);
    await closeDialog(user, warning);
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);
    await waitFor(() => expect(remarksBox()).toHaveFocus());
  });

  it("are sent to the saved assessment and confirmed with 'Observaciones Guardadas'", async () => {
    const { user, calls, assessment } = await savedForm();
    await user.type(remarksBox(), '  Derivada a psiquiatría; plan de seguridad acordado.  ');
    await user.click(screen.getByRole('button', { name: M.saveFinalRemarks }));
    await closeDialog(user, await dialogTitled(M.finalRemarksSaved));
    const put = calls.filter((call) => call.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]).toMatchObject({
      path: `/api/suicide-assessments/${assessment._id}/final-remarks`,
      body: { finalRemarks: 'Derivada a psiquiatría; plan de seguridad acordado.' },
    });
    expect(put[0]!.headers.get('x-token')).toBe('token-123');
  });

  it('are each added after the earlier ones, shown with author and date (PRODUCT §13)', async () => {
    const { user, calls } = await savedForm();
    const block = screen.getByRole('region', { name: M.finalRemarks });
    expect(block).toHaveTextContent(M.remarksEmpty);

    await user.type(remarksBox(), 'Derivada a psiquiatría.');
    await user.click(screen.getByRole('button', { name: M.saveFinalRemarks }));
    await closeDialog(user, await dialogTitled(M.finalRemarksSaved));
    expect(remarksBox()).toHaveValue('');
    await user.type(remarksBox(), 'Control a la semana: estable.');
    await user.click(screen.getByRole('button', { name: M.saveFinalRemarks }));
    await closeDialog(user, await dialogTitled(M.finalRemarksSaved));

    const entries = within(within(block).getByRole('list')).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      `${formatDateTime('2026-10-02T10:00:00.000Z')} · ${testPsychologist.firstName} ${testPsychologist.lastName}Derivada a psiquiatría.`,
      `${formatDateTime('2026-10-03T10:00:00.000Z')} · ${testPsychologist.firstName} ${testPsychologist.lastName}Control a la semana: estable.`,
    ]);
    // Each save sends its own entry only: nothing earlier is sent again or replaced.
    expect(calls.filter((call) => call.method === 'PUT').map((call) => call.body)).toEqual([
      { finalRemarks: 'Derivada a psiquiatría.' },
      { finalRemarks: 'Control a la semana: estable.' },
    ]);
  });

  it.each([
    ['the fallback', () => new Response('', { status: 500 }), M.finalRemarksError],
    [
      "the server's message",
      () => Response.json({ ok: false, msg: M.finalRemarksOnlyAuthor }, { status: 403 }),
      M.finalRemarksOnlyAuthor,
    ],
  ])('show %s when they cannot be saved, keeping the text', async (_case, answer, expected) => {
    const { user } = await savedForm({ remarks: answer });
    await user.type(remarksBox(), 'Llamar a la familia');
    await user.click(screen.getByRole('button', { name: M.saveFinalRemarks }));
    const error = await dialogTitled(MSG.common.error);
    expect(error).toHaveTextContent(expected);
    await closeDialog(user, error);
    expect(remarksBox()).toHaveValue('Llamar a la familia');
  });
});

describe('closing the form', () => {
  it("closes an untouched form at once with 'Cancelar'", async () => {
    stubApi(() => undefined);
    const onClose = jest.fn();
    const user = await renderForm({ onClose });
    await user.click(screen.getByRole('button', { name: MSG.common.cancel }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before discarding a started form, and keeps it when the answer is no', async () => {
    stubApi(() => undefined);
    const onClose = jest.fn();
    const user = await renderForm({ onClose });
    await answer(user, 'deathWish', 'Sí', 'Lo dijo al llegar');
    await user.click(screen.getByRole('button', { name: MSG.common.cancel }));

    const ask = await dialogTitled(MSG.common.confirmTitle);
    await closeDialog(user, ask, MSG.common.cancel);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(question('deathWish')).getByLabelText(/Descripción/)).toHaveValue(
      'Lo dijo al llegar',
    );

    await user.click(screen.getByRole('button', { name: MSG.common.cancel }));
    await closeDialog(user, await dialogTitled(MSG.common.confirmTitle), 'Sí, descartar');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("after saving, 'Cerrar' asks only while final remarks are typed and not saved", async () => {
    server(savedAssessment());
    const onClose = jest.fn();
    const user = await renderForm({ onClose });
    await answerNothingEndorsed(user);
    await closeDialog(user, await saveAndAcknowledge(user));

    await user.type(remarksBox(), 'Pendiente');
    await user.click(screen.getByRole('button', { name: M.close }));
    await closeDialog(user, await dialogTitled(MSG.common.confirmTitle), MSG.common.cancel);
    expect(onClose).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: M.saveFinalRemarks }));
    await closeDialog(user, await dialogTitled(M.finalRemarksSaved));
    await user.click(screen.getByRole('button', { name: M.close }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('tells the opener whether something is unsaved', async () => {
    stubApi(() => undefined);
    const onUnsavedChange = jest.fn();
    await renderWithApp(
      <AssessmentForm
        studentId={STUDENT_ID}
        onClose={jest.fn()}
        onUnsavedChange={onUnsavedChange}
      />,
    );
    expect(onUnsavedChange).toHaveBeenLastCalledWith(false);
    await answer(userEvent.setup(), 'deathWish', 'No');
    expect(onUnsavedChange).toHaveBeenLastCalledWith(true);
  });

  it('shows whom the assessment is for', async () => {
    stubApi(() => undefined);
    await renderForm();
    expect(screen.getByText('María José Castillo')).toBeInTheDocument();
  });
});

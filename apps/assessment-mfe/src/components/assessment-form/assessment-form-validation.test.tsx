import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import {
  answerBehaviourMessage,
  BEHAVIOUR_QUESTIONS,
  describeBehaviourMessage,
  MSG,
} from '@psicocampus/shared';
import { renderWithApp, stubApi, testPsychologist } from '@psicocampus/shared/testing';
import { savedAssessment, STUDENT_ID } from '../../testing/fixtures';
import {
  answer,
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

async function renderForm() {
  const calls = stubApi((call) =>
    call.method === 'POST'
      ? Response.json({ ok: true, assessment: savedAssessment() }, { status: 201 })
      : undefined,
  );
  await renderWithApp(<AssessmentForm studentId={STUDENT_ID} onClose={jest.fn()} />, {
    session: { token: 'token-123', user: testPsychologist },
  });
  return { user: userEvent.setup(), calls };
}

/**
 * Presses 'Guardar Evaluación' and expects ONE 'Validación' warning with
 * `message`; closes it and returns the element that has focus then.
 */
async function saveExpecting(user: UserEvent, message: string) {
  await user.click(screen.getByRole('button', { name: M.save }));
  const warning = await dialogTitled(M.validationTitle);
  expect(within(warning).getByText(message)).toBeInTheDocument();
  expect(screen.getAllByRole('dialog', { name: M.validationTitle })).toHaveLength(1);
  await closeDialog(user, warning);
}

async function answerNoTo(user: UserEvent, keys: readonly (typeof BEHAVIOUR_KEYS)[number][]) {
  for (const key of keys) await answer(user, key, 'No');
}

/** The number of attempts of an attempt answered "Sí". */
const attempts = (key: 'actualAttempt' | 'interruptedAttempt' | 'abortedAttempt') =>
  within(question(key)).getByLabelText(labelled(M.totalAttempts));

const isoDate = (date: Date) =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

afterEach(() => {
  document.body.innerHTML = '';
});

describe("'Validación': the first problem wins and nothing is sent (docs/columbia-assessment.md#validation)", () => {
  it('asks questions 1 and 2 first, and takes focus to question 1', async () => {
    const { user, calls } = await renderForm();
    await saveExpecting(user, M.answerRequired12);
    await waitFor(() => expect(radio('deathWish', 'Sí')).toHaveFocus());
    expect(within(question('deathWish')).getByRole('alert')).toHaveTextContent(M.answerRequired12);
    expect(calls).toHaveLength(0);
  });

  it('still asks question 2 when only question 1 is answered', async () => {
    const { user, calls } = await renderForm();
    await answer(user, 'deathWish', 'Sí', 'Desea no despertar');
    await saveExpecting(user, M.answerRequired12);
    await waitFor(() => expect(radio('nonSpecificActiveSuicidalThoughts', 'Sí')).toHaveFocus());
    expect(calls).toHaveLength(0);
  });

  it('then every ideation question shown (3–5 when 2 is "Sí"), before intensity and behaviour', async () => {
    const { user, calls } = await renderForm();
    await answer(user, 'deathWish', 'No');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'Sí');
    await answer(user, 'activeSuicidalIdeationWithMethods', 'No');
    await saveExpecting(user, M.answerAllIdeation);
    await waitFor(() => expect(radio('activeSuicidalIdeationWithIntent', 'Sí')).toHaveFocus());
    expect(calls).toHaveLength(0);
  });

  it('then the whole intensity section: type, description and frequency', async () => {
    const { user, calls } = await renderForm();
    await answer(user, 'deathWish', 'Sí');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'No');
    await saveExpecting(user, M.completeIntensity);
    const intensity = section(M.intensitySection)!;
    const type = within(intensity).getByLabelText(labelled(M.mostSeriousType));
    await waitFor(() => expect(type).toHaveFocus());

    await user.selectOptions(type, 'Deseo de estar muerto/a');
    await user.selectOptions(within(intensity).getByLabelText(labelled(M.frequency)), '3');
    await saveExpecting(user, M.completeIntensity);
    const description = within(intensity).getByLabelText(labelled(M.mostSeriousDescription));
    await waitFor(() => expect(description).toHaveFocus());
    expect(description).toHaveAttribute('aria-invalid', 'true');

    await user.type(description, 'Quiere dormir y no despertar');
    await saveExpecting(user, answerBehaviourMessage(BEHAVIOUR_QUESTIONS[0]));
    expect(calls).toHaveLength(0);
  });

  describe.each(BEHAVIOUR_QUESTIONS.map((item, index) => [item.name, item, index] as const))(
    'behaviour: %s',
    (_name, item, index) => {
      async function upTo() {
        const context = await renderForm();
        await answer(context.user, 'deathWish', 'No');
        await answer(context.user, 'nonSpecificActiveSuicidalThoughts', 'No');
        await answerNoTo(context.user, BEHAVIOUR_KEYS.slice(0, index));
        return context;
      }

      it('must be answered', async () => {
        const { user, calls } = await upTo();
        await answerNoTo(user, BEHAVIOUR_KEYS.slice(index + 1));
        await saveExpecting(user, answerBehaviourMessage(item));
        await waitFor(() => expect(radio(item.key, 'Sí')).toHaveFocus());
        expect(calls).toHaveLength(0);
      });

      it('must be described when "Sí"', async () => {
        const { user, calls } = await upTo();
        await answer(user, item.key, 'Sí');
        await answerNoTo(user, BEHAVIOUR_KEYS.slice(index + 1));
        await saveExpecting(user, describeBehaviourMessage(item));
        const description = within(question(item.key)).getByLabelText(/Descripción/);
        await waitFor(() => expect(description).toHaveFocus());
        expect(calls).toHaveLength(0);
      });
    },
  );

  describe('lethality of an actual attempt', () => {
    async function withActualAttempt() {
      const context = await renderForm();
      await answer(context.user, 'deathWish', 'No');
      await answer(context.user, 'nonSpecificActiveSuicidalThoughts', 'No');
      await answer(context.user, 'actualAttempt', 'Sí', 'Ingirió pastillas');
      await context.user.type(attempts('actualAttempt'), '1');
      await answerNoTo(context.user, BEHAVIOUR_KEYS.slice(1));
      const lethality = section(M.lethalitySection)!;
      const field = (label: string) => within(lethality).getByLabelText(labelled(label));
      return { ...context, field };
    }

    it('asks the degree first (not selected is the only missing answer)', async () => {
      const { user, calls, field } = await withActualAttempt();
      await saveExpecting(user, M.selectLethality);
      await waitFor(() => expect(field(M.lethalityDegree)).toHaveFocus());
      expect(calls).toHaveLength(0);
    });

    it('takes 0 as a degree, then asks the potential lethality', async () => {
      const { user, calls, field } = await withActualAttempt();
      await user.selectOptions(field(M.lethalityDegree), '0');
      await saveExpecting(user, M.selectPotential);
      await waitFor(() => expect(field(M.potentialLethality)).toHaveFocus());
      expect(calls).toHaveLength(0);
    });

    it('then the date of the most lethal attempt', async () => {
      const { user, calls, field } = await withActualAttempt();
      await user.selectOptions(field(M.lethalityDegree), '2');
      await saveExpecting(user, M.enterLethalDate);
      await waitFor(() => expect(field(M.mostLethalAttemptDate)).toHaveFocus());
      expect(calls).toHaveLength(0);
    });

    it('which cannot be later than today', async () => {
      const { user, calls, field } = await withActualAttempt();
      await user.selectOptions(field(M.lethalityDegree), '0');
      await user.selectOptions(field(M.potentialLethality), '1');
      const tomorrow = new Date();
      tomorrow.setDate(tomorrow.getDate() + 1);
      fireEvent.change(field(M.mostLethalAttemptDate), { target: { value: isoDate(tomorrow) } });
      await saveExpecting(user, M.lethalDateFuture);
      expect(calls).toHaveLength(0);

      fireEvent.change(field(M.mostLethalAttemptDate), { target: { value: isoDate(new Date()) } });
      await user.click(screen.getByRole('button', { name: M.save }));
      await closeDialog(user, await dialogTitled(M.registered));
      expect(calls).toHaveLength(1);
      expect(calls[0]).toMatchObject({ method: 'POST', path: '/api/suicide-assessments' });
    });
  });

  describe('the number of attempts of a "Sí"', () => {
    async function withInterruptedAttempt() {
      const context = await renderForm();
      await answer(context.user, 'deathWish', 'No');
      await answer(context.user, 'nonSpecificActiveSuicidalThoughts', 'No');
      await answerNoTo(context.user, BEHAVIOUR_KEYS);
      await answer(context.user, 'interruptedAttempt', 'Sí', 'Su hermana le quitó las pastillas');
      return context;
    }

    it('asks for at least 1, at the field, and saves once it is given', async () => {
      const { user, calls } = await withInterruptedAttempt();
      const total = attempts('interruptedAttempt');
      expect(total).toHaveValue(0);
      await saveExpecting(user, M.totalAttemptsAtLeastOne('Intento Interrumpido'));
      await waitFor(() => expect(total).toHaveFocus());
      expect(total).toHaveAttribute('aria-invalid', 'true');
      expect(within(question('interruptedAttempt')).getByRole('alert')).toHaveTextContent(
        M.totalAttemptsAtLeastOne('Intento Interrumpido'),
      );
      expect(calls).toHaveLength(0);

      await user.clear(total);
      await user.type(total, '2');
      expect(within(question('interruptedAttempt')).queryByRole('alert')).not.toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: M.save }));
      await closeDialog(user, await dialogTitled(M.registered));
      expect(calls).toHaveLength(1);
      expect(calls[0]!.body).toMatchObject({
        interruptedAttempt: { present: true, totalAttempts: 2 },
      });
    });

    it('refuses a typed -2 with its message and keeps it as typed, never saving 0', async () => {
      const { user, calls } = await withInterruptedAttempt();
      const total = attempts('interruptedAttempt');
      await user.clear(total);
      await user.type(total, '-2');
      expect(within(question('interruptedAttempt')).getByRole('alert')).toHaveTextContent(
        M.totalAttemptsMin,
      );
      fireEvent.blur(total);
      expect(total).toHaveValue(-2);
      await saveExpecting(user, M.totalAttemptsMin);
      expect(attempts('interruptedAttempt')).toHaveValue(-2);
      expect(within(question('interruptedAttempt')).getByRole('alert')).toHaveTextContent(
        M.totalAttemptsMin,
      );
      expect(calls).toHaveLength(0);
    });
  });

  it("clears a question's mark once it is answered", async () => {
    const { user } = await renderForm();
    await saveExpecting(user, M.answerRequired12);
    expect(within(question('deathWish')).getByRole('alert')).toBeInTheDocument();
    await answer(user, 'deathWish', 'No');
    expect(within(question('deathWish')).queryByRole('alert')).not.toBeInTheDocument();
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { BEHAVIOUR_QUESTIONS, MSG } from '@psicocampus/shared';
import { renderWithApp, stubApi, testPsychologist } from '@psicocampus/shared/testing';
import { STUDENT_ID } from '../../testing/fixtures';
import {
  answer,
  answerNothingEndorsed,
  BEHAVIOUR_KEYS,
  labelled,
  optionLabels,
  queryQuestion,
  question,
  radio,
  section,
} from '../../testing/form-driver';
import AssessmentForm from './assessment-form.component';

const M = MSG.assessment;
const DETAIL_KEYS = [
  'activeSuicidalIdeationWithMethods',
  'activeSuicidalIdeationWithIntent',
  'activeSuicidalIdeationWithPlan',
] as const;

async function renderForm() {
  stubApi(() => undefined);
  await renderWithApp(<AssessmentForm studentId={STUDENT_ID} onClose={jest.fn()} />, {
    session: { token: 'token-123', user: testPsychologist },
  });
  return userEvent.setup();
}

const level = () => screen.queryByText(`${M.estimatedLevel}:`, { exact: false });

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the ideation questions (docs/columbia-assessment.md#items-3-to-5)', () => {
  it('asks questions 1 and 2 as Sí/No groups, and 3–5 only when 2 is "Sí"', async () => {
    const user = await renderForm();
    expect(section(M.ideationSection)).toBeInTheDocument();
    for (const key of ['deathWish', 'nonSpecificActiveSuicidalThoughts'] as const) {
      expect(within(question(key)).getAllByRole('radio')).toEqual([
        radio(key, 'Sí'),
        radio(key, 'No'),
      ]);
      expect(radio(key, 'Sí')).not.toBeChecked();
      expect(radio(key, 'No')).not.toBeChecked();
    }
    expect(queryQuestion('activeSuicidalIdeationWithMethods')).not.toBeInTheDocument();

    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'Sí');
    expect(question('activeSuicidalIdeationWithMethods')).toBeInTheDocument();
    expect(question('activeSuicidalIdeationWithIntent')).toBeInTheDocument();
    expect(question('activeSuicidalIdeationWithPlan')).toBeInTheDocument();
  });

  it('asks items 3–5 unanswered when question 2 turns "Sí", never pre-answered', async () => {
    const user = await renderForm();
    await answer(user, 'deathWish', 'No');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'No');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'Sí');
    for (const key of DETAIL_KEYS) {
      expect(radio(key, 'Sí')).not.toBeChecked();
      expect(radio(key, 'No')).not.toBeChecked();
    }
  });

  it('drops the answers to items 3–5 when question 2 turns "No"', async () => {
    const user = await renderForm();
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'Sí');
    await answer(user, 'activeSuicidalIdeationWithMethods', 'Sí', 'Pensó en pastillas');
    await answer(user, 'activeSuicidalIdeationWithPlan', 'Sí');

    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'No');
    for (const key of DETAIL_KEYS) expect(queryQuestion(key)).not.toBeInTheDocument();

    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'Sí');
    expect(radio('activeSuicidalIdeationWithMethods', 'Sí')).not.toBeChecked();
    expect(radio('activeSuicidalIdeationWithPlan', 'Sí')).not.toBeChecked();
    expect(
      within(question('activeSuicidalIdeationWithMethods')).queryByLabelText(/Descripción/),
    ).not.toBeInTheDocument();
  });

  it('brings items 3–5 back as "No", not unanswered, when question 2 is set back to "Sí"', async () => {
    const user = await renderForm();
    await answer(user, 'deathWish', 'No');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'Sí');
    await answer(user, 'activeSuicidalIdeationWithMethods', 'No');
    await answer(user, 'activeSuicidalIdeationWithIntent', 'Sí', 'Dice que lo haría');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'No');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'Sí');
    for (const key of DETAIL_KEYS) {
      expect(radio(key, 'No')).toBeChecked();
      expect(radio(key, 'Sí')).not.toBeChecked();
    }
    // Set back once more, after an answer was changed: still "No", the reset answer.
    await answer(user, 'activeSuicidalIdeationWithPlan', 'Sí', 'Tiene fecha');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'No');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'Sí');
    for (const key of DETAIL_KEYS) expect(radio(key, 'No')).toBeChecked();
  });

  it('asks for a description when an item is "Sí"', async () => {
    const user = await renderForm();
    expect(within(question('deathWish')).queryByLabelText(/Descripción/)).not.toBeInTheDocument();
    await answer(user, 'deathWish', 'Sí');
    expect(within(question('deathWish')).getByLabelText(/Descripción/)).toBeInTheDocument();
  });
});

describe('the intensity section (docs/columbia-assessment.md#intensity)', () => {
  it.each([
    ['question 1', 'deathWish'],
    ['question 2', 'nonSpecificActiveSuicidalThoughts'],
  ] as const)('appears when %s is "Sí"', async (_name, key) => {
    const user = await renderForm();
    expect(section(M.intensitySection)).not.toBeInTheDocument();
    await answer(user, key, 'Sí');
    expect(section(M.intensitySection)).toBeInTheDocument();
  });

  it('is cleared when it hides', async () => {
    const user = await renderForm();
    await answer(user, 'deathWish', 'Sí');
    const intensity = section(M.intensitySection)!;
    await user.selectOptions(
      within(intensity).getByLabelText(labelled(M.mostSeriousType)),
      'Deseo de estar muerto/a',
    );
    await user.type(
      within(intensity).getByLabelText(labelled(M.mostSeriousDescription)),
      'Quiere dormir',
    );
    await user.selectOptions(
      within(intensity).getByLabelText(labelled(M.frequency)),
      'Pocas veces',
    );

    await answer(user, 'deathWish', 'No');
    expect(section(M.intensitySection)).not.toBeInTheDocument();
    await answer(user, 'deathWish', 'Sí');

    const again = section(M.intensitySection)!;
    expect(within(again).getByLabelText(labelled(M.mostSeriousType))).toHaveValue('');
    expect(within(again).getByLabelText(labelled(M.mostSeriousDescription))).toHaveValue('');
    expect(within(again).getByLabelText(labelled(M.frequency))).toHaveValue('');
  });

  it('offers as most serious type only the items answered "Sí" (docs/columbia-assessment.md#intensity)', async () => {
    const user = await renderForm();
    await answer(user, 'deathWish', 'Sí');
    const type = () =>
      within(section(M.intensitySection)!).getByLabelText(labelled(M.mostSeriousType));
    expect(optionLabels(type())).toEqual(['Deseo de estar muerto/a']);

    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'Sí');
    await answer(user, 'activeSuicidalIdeationWithMethods', 'No');
    await answer(user, 'activeSuicidalIdeationWithIntent', 'Sí');
    await answer(user, 'activeSuicidalIdeationWithPlan', 'No');
    expect(optionLabels(type())).toEqual([
      'Deseo de estar muerto/a',
      'Pensamientos suicidas activos no específicos',
      'Ideación activa con intención, sin plan',
    ]);

    await user.selectOptions(type(), 'Ideación activa con intención, sin plan');
    expect(type()).toHaveValue('2');
    await answer(user, 'activeSuicidalIdeationWithIntent', 'No');
    expect(type()).toHaveValue('');
    expect(optionLabels(type())).not.toContain('Ideación activa con intención, sin plan');
  });
});

describe('the behaviour section (docs/columbia-assessment.md#behaviour)', () => {
  it('is asked once questions 1 and 2 are answered, even with suicidal thoughts', async () => {
    const user = await renderForm();
    await answer(user, 'deathWish', 'Sí');
    expect(section(M.behaviourSection)).not.toBeInTheDocument();
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'Sí');

    const behaviour = section(M.behaviourSection)!;
    const legends = within(behaviour)
      .getAllByRole('group')
      .map((group) => group.querySelector('legend')?.firstChild?.textContent);
    expect(legends).toEqual([...BEHAVIOUR_QUESTIONS.map((item) => item.name), M.completedSuicide]);
  });

  it('is asked when both are "No" too, with "Suicidio consumado" answered "No" by default', async () => {
    const user = await renderForm();
    await answer(user, 'deathWish', 'No');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'No');
    expect(section(M.behaviourSection)).toBeInTheDocument();
    expect(radio('completedSuicide', 'No')).toBeChecked();
  });

  it('asks the number of attempts (0 by default) only for actual, interrupted and aborted attempts', async () => {
    const user = await renderForm();
    await answer(user, 'deathWish', 'No');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'No');
    for (const item of BEHAVIOUR_QUESTIONS) {
      await answer(user, item.key, 'Sí');
      const total = within(question(item.key)).queryByLabelText(labelled(M.totalAttempts));
      if (item.withTotal) expect(total).toHaveValue(0);
      else expect(total).not.toBeInTheDocument();
    }
    expect(BEHAVIOUR_KEYS).toHaveLength(6);
  });

  it('explains a negative number of attempts and keeps it as typed', async () => {
    const user = await renderForm();
    await answer(user, 'deathWish', 'No');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'No');
    await answer(user, 'interruptedAttempt', 'Sí');
    const total = within(question('interruptedAttempt')).getByLabelText(labelled(M.totalAttempts));
    await user.clear(total);
    await user.type(total, '2');
    expect(total).toHaveValue(2);
    fireEvent.change(total, { target: { value: '-1' } });
    expect(within(question('interruptedAttempt')).getByRole('alert')).toHaveTextContent(
      M.totalAttemptsMin,
    );
    fireEvent.blur(total);
    // Not put back to 2 (nor 0) behind the user's back: 'Guardar Evaluación' refuses it.
    expect(total).toHaveValue(-1);
    expect(within(question('interruptedAttempt')).getByRole('alert')).toHaveTextContent(
      M.totalAttemptsMin,
    );
    fireEvent.change(total, { target: { value: '1.5' } });
    expect(within(question('interruptedAttempt')).getByRole('alert')).toHaveTextContent(
      M.totalAttemptsInteger,
    );
    fireEvent.change(total, { target: { value: '3' } });
    expect(within(question('interruptedAttempt')).queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the lethality section (docs/columbia-assessment.md#lethality)', () => {
  async function withActualAttempt() {
    const user = await renderForm();
    await answer(user, 'deathWish', 'No');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'No');
    return user;
  }

  it('appears only with an actual attempt', async () => {
    const user = await withActualAttempt();
    await answer(user, 'interruptedAttempt', 'Sí');
    await answer(user, 'abortedAttempt', 'Sí');
    expect(section(M.lethalitySection)).not.toBeInTheDocument();
    await answer(user, 'actualAttempt', 'Sí');
    expect(section(M.lethalitySection)).toBeInTheDocument();
    await answer(user, 'actualAttempt', 'No');
    expect(section(M.lethalitySection)).not.toBeInTheDocument();
  });

  it('asks the potential lethality only when the degree is 0', async () => {
    const user = await withActualAttempt();
    await answer(user, 'actualAttempt', 'Sí');
    const lethality = section(M.lethalitySection)!;
    const degree = within(lethality).getByLabelText(labelled(M.lethalityDegree));
    expect(optionLabels(degree)).toHaveLength(6);
    expect(
      within(lethality).queryByLabelText(labelled(M.potentialLethality)),
    ).not.toBeInTheDocument();

    await user.selectOptions(degree, '0');
    const potential = within(lethality).getByLabelText(labelled(M.potentialLethality));
    expect(optionLabels(potential)).toHaveLength(3);
    await user.selectOptions(potential, '2');

    await user.selectOptions(degree, '3');
    expect(
      within(lethality).queryByLabelText(labelled(M.potentialLethality)),
    ).not.toBeInTheDocument();
    await user.selectOptions(degree, '0');
    expect(within(lethality).getByLabelText(labelled(M.potentialLethality))).toHaveValue('');
  });

  it("does not let the most lethal attempt's date be later than today", async () => {
    const user = await withActualAttempt();
    await answer(user, 'actualAttempt', 'Sí');
    const date = within(section(M.lethalitySection)!).getByLabelText(
      labelled(M.mostLethalAttemptDate),
    );
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(date).toHaveAttribute('type', 'date');
    expect(date).toHaveAttribute('max', today);
  });
});

describe('the estimated level under the form (docs/columbia-assessment.md#risk-levels)', () => {
  it('is hidden while INDETERMINADO, with the decision-aid line always shown', async () => {
    const user = await renderForm();
    expect(screen.getByText(M.decisionAid)).toBeInTheDocument();
    expect(level()).not.toBeInTheDocument();
    await answer(user, 'deathWish', 'No');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'No');
    expect(level()).not.toBeInTheDocument();
    expect(screen.getByText(M.decisionAid)).toBeInTheDocument();
  });

  it('appears and changes with the answers', async () => {
    const user = await renderForm();
    await answerNothingEndorsed(user);
    expect(level()).toHaveTextContent(new RegExp(`^${M.estimatedLevel}: \\W*${M.levels.BAJO}$`));

    await answer(user, 'nonSuicidalSelfInjury', 'Sí');
    expect(level()).toHaveTextContent(M.levels.MODERADO);

    await answer(user, 'preparatoryActs', 'Sí');
    expect(level()).toHaveTextContent(M.levels.ALTO);

    await answer(user, 'actualAttempt', 'Sí');
    await user.selectOptions(
      within(section(M.lethalitySection)!).getByLabelText(labelled(M.lethalityDegree)),
      '3',
    );
    expect(level()).toHaveTextContent(M.levels.MUY_ALTO);

    await answer(user, 'completedSuicide', 'Sí');
    expect(level()).toHaveTextContent(M.levels.NO_APLICA);
  });

  it('stays hidden while items 3–5 are unanswered, and shows ALTO on a "yes" to item 4', async () => {
    const user = await renderForm();
    await answer(user, 'deathWish', 'Sí');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'Sí');
    for (const key of BEHAVIOUR_KEYS) await answer(user, key, 'No');
    // Items 3–5 not answered yet: no estimate, never a BAJO by default.
    expect(level()).not.toBeInTheDocument();
    await answer(user, 'activeSuicidalIdeationWithIntent', 'Sí');
    expect(level()).toHaveTextContent(M.levels.ALTO);
  });
});

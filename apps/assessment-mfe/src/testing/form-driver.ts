/**
 * A psychologist's steps through the assessment form, for the tests: answer
 * a question by its title, read the sweetalert2 dialog, close it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { BEHAVIOUR_QUESTIONS, IDEATION_QUESTIONS } from '@psicocampus/shared';

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

type ItemKey =
  | (typeof IDEATION_QUESTIONS)[number]['key']
  | (typeof BEHAVIOUR_QUESTIONS)[number]['key']
  | 'completedSuicide';

/** The title a question's legend starts with ('1. Deseo de estar muerto/a', 'Intento Real'). */
export function titleOf(key: ItemKey): string {
  const ideation = IDEATION_QUESTIONS.find((item) => item.key === key);
  if (ideation) return `${ideation.number}. ${ideation.title}`;
  const behaviour = BEHAVIOUR_QUESTIONS.find((item) => item.key === key);
  if (behaviour) return behaviour.name;
  return 'Suicidio consumado';
}

/** The fieldset of a yes/no question (named by its legend). */
export function question(key: ItemKey): HTMLElement {
  return screen.getByRole('group', { name: new RegExp(`^${escape(titleOf(key))}`) });
}

export function queryQuestion(key: ItemKey): HTMLElement | null {
  return screen.queryByRole('group', { name: new RegExp(`^${escape(titleOf(key))}`) });
}

export function radio(key: ItemKey, choice: 'Sí' | 'No'): HTMLInputElement {
  return within(question(key)).getByRole('radio', { name: choice });
}

export async function answer(user: UserEvent, key: ItemKey, choice: 'Sí' | 'No', text?: string) {
  await user.click(radio(key, choice));
  if (choice === 'Sí' && text !== undefined) {
    await user.type(within(question(key)).getByLabelText(/Descripción/), text);
  }
}

export const BEHAVIOUR_KEYS = BEHAVIOUR_QUESTIONS.map((item) => item.key);

/** Questions 1 and 2 "No", then every behaviour item "No": a complete, low-risk assessment. */
export async function answerNothingEndorsed(user: UserEvent) {
  await answer(user, 'deathWish', 'No');
  await answer(user, 'nonSpecificActiveSuicidalThoughts', 'No');
  for (const key of BEHAVIOUR_KEYS) await answer(user, key, 'No');
}

export function section(title: string): HTMLElement | null {
  return screen.queryByRole('region', { name: title });
}

/** The sweetalert2 dialog shown now, by its title. */
export async function dialogTitled(title: string): Promise<HTMLElement> {
  return screen.findByRole('dialog', { name: title });
}

/** Presses the dialog's button (its confirm button by default) and waits for it to go away. */
/** sweetalert2 gives focus back to what had it 100 ms after its dialog goes (its RESTORE_FOCUS_TIMEOUT). */
const DIALOG_FOCUS_RETURN_MS = 100;

const CONFIRM_BUTTON = 'Aceptar';

export async function closeDialog(
  user: UserEvent,
  dialog: HTMLElement,
  button: string | RegExp = CONFIRM_BUTTON,
) {
  await user.click(within(dialog).getByRole('button', { name: button }));
  await waitFor(() => expect(dialog).not.toBeInTheDocument());
  // Until then a test that types on would lose its keys to the button that
  // opened the dialog once focus comes back to it (a space there clicks it).
  // The dialog's timer was set before it went, so this one, set after, runs
  // after it however busy the machine is.
  await new Promise((resolve) => setTimeout(resolve, DIALOG_FOCUS_RETURN_MS));
}

/** The select's option labels, without the empty 'Selecciona una opción'. */
export function optionLabels(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .filter((option) => (option as HTMLOptionElement).value !== '')
    .map((option) => option.textContent ?? '');
}

/** A label's text, with or without the required mark ('Frecuencia*'). */
export function labelled(text: string): RegExp {
  return new RegExp(`^${escape(text)}\\*?$`);
}

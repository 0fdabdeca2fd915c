import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { MSG, sessionEnded } from '@psicocampus/shared';
import { draftKey } from '@psicocampus/shared/forms';
import { renderWithApp, stubApi, testPsychologist } from '@psicocampus/shared/testing';
import { STUDENT_ID } from '../../testing/fixtures';
import { answer, answerNothingEndorsed, question } from '../../testing/form-driver';
import { renderForm } from '../../testing/saving-driver';
import AssessmentForm from './assessment-form.component';
import userEvent from '@testing-library/user-event';

const KEY = draftKey(testPsychologist.id, `assessment:${STUDENT_ID}`);

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  document.body.innerHTML = '';
});

describe('the answers being given are a draft (docs/sign-in-and-sessions.md#drafts)', () => {
  it('are kept when the session ends, and come back when the form opens again', async () => {
    stubApi(() => undefined);
    const { store } = await renderWithApp(
      <AssessmentForm studentId={STUDENT_ID} onClose={jest.fn()} />,
      { session: { token: 'token-123', user: testPsychologist } },
    );
    await answer(userEvent.setup(), 'deathWish', 'Sí', 'Lo dijo al llegar');
    act(() => {
      store.dispatch(sessionEnded({ reason: 'expired' }));
    });
    cleanup();
    await waitFor(() => expect(sessionStorage.getItem(KEY)).toContain('Lo dijo al llegar'));

    await renderForm();
    expect(screen.getByText(MSG.drafts.restored)).toBeInTheDocument();
    expect(within(question('deathWish')).getByLabelText(/Descripción/)).toHaveValue(
      'Lo dijo al llegar',
    );
  });

  it('are forgotten when the form is discarded', async () => {
    stubApi(() => undefined);
    const user = await renderForm();
    await answer(user, 'deathWish', 'No');
    await waitFor(() => expect(sessionStorage.getItem(KEY)).not.toBeNull());
    cleanup();
    expect(sessionStorage.getItem(KEY)).toBeNull();
  });
});

describe('a save refused because the session ended', () => {
  const expired = () =>
    stubApi(({ method }) =>
      method === 'POST'
        ? Response.json({ ok: false, msg: MSG.session.expired }, { status: 401 })
        : undefined,
    );

  it('shows no error dialog over /login in the shell, and the answers wait as a draft', async () => {
    expired();
    const { store } = await renderWithApp(
      <AssessmentForm studentId={STUDENT_ID} onClose={jest.fn()} />,
      { session: { token: 'token-123', user: testPsychologist } },
    );
    const user = userEvent.setup();
    await answerNothingEndorsed(user);
    await user.click(screen.getByRole('button', { name: MSG.assessment.save }));
    await waitFor(() => expect(store.getState().session.endReason).toBe('expired'));
    await waitFor(() => expect(sessionStorage.getItem(KEY)).not.toBeNull());
    expect(document.querySelector('.swal2-popup')).toBeNull();
  });

  it('says so in an integrator’s page, where no shell shows /login', async () => {
    expired();
    await renderWithApp(<AssessmentForm studentId={STUDENT_ID} onClose={jest.fn()} embedded />, {
      session: { token: 'token-123', user: testPsychologist },
    });
    const user = userEvent.setup();
    await answerNothingEndorsed(user);
    await user.click(screen.getByRole('button', { name: MSG.assessment.save }));
    // The form says the save waits for a new session (mount's setToken,
    // docs/architecture.md#the-embeddable-assessment): nothing else on that page would, and nothing typed is lost.
    expect(await screen.findByText(MSG.assessment.waitingForSession)).toHaveAttribute(
      'role',
      'status',
    );
    expect(screen.getByRole('button', { name: MSG.assessment.save })).toBeEnabled();
  });
});

import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { MSG, sessionEnded } from '@psicocampus/shared';
import { draftKey } from '@psicocampus/shared/forms';
import { renderWithApp, stubApi, testPsychologist } from '@psicocampus/shared/testing';
import { STUDENT_ID } from '../../testing/fixtures';
import { answer, question } from '../../testing/form-driver';
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

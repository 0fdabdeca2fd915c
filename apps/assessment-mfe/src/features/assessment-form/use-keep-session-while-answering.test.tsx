import userEvent from '@testing-library/user-event';
import {
  renderWithApp,
  stubApi,
  testPsychologist,
  type RecordedCall,
} from '@psicocampus/shared/testing';
import { STUDENT_ID } from '../../testing/fixtures';
import { answer } from '../../testing/form-driver';
import AssessmentForm from './assessment-form.component';
import { KEEP_ALIVE_AFTER_MS } from './use-keep-session-while-answering';

const meCalls = (calls: RecordedCall[]) => calls.filter((call) => call.path === '/api/auth/me');

async function renderForm() {
  const calls = stubApi((call) =>
    call.path === '/api/auth/me' ? Response.json({ ok: true, user: testPsychologist }) : undefined,
  );
  await renderWithApp(<AssessmentForm studentId={STUDENT_ID} onClose={jest.fn()} />, {
    session: { token: 'token-123', user: testPsychologist },
  });
  return { calls, user: userEvent.setup() };
}

afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('a long interview does not lose the session (docs/sign-in-and-sessions.md#sessions)', () => {
  it('makes no call while answers come within the idle interval', async () => {
    const { calls, user } = await renderForm();
    await answer(user, 'deathWish', 'No');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'No');
    expect(meCalls(calls)).toHaveLength(0);
  });

  it('tells the server once when answering after 10 minutes without calls', async () => {
    const { calls, user } = await renderForm();
    const later = Date.now() + KEEP_ALIVE_AFTER_MS + 1000;
    jest.spyOn(Date, 'now').mockReturnValue(later);
    await answer(user, 'deathWish', 'No');
    await answer(user, 'nonSpecificActiveSuicidalThoughts', 'No');
    expect(meCalls(calls)).toHaveLength(1);
    expect(meCalls(calls)[0]).toMatchObject({ method: 'GET' });
    expect(meCalls(calls)[0]!.headers.get('x-token')).toBe('token-123');
  });
});

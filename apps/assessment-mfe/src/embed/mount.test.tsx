import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { extendStores, formatDateTimeIn, MSG, type AppStore } from '@psicocampus/shared';
import { stubApi } from '@psicocampus/shared/testing';
import { savedAssessment, STUDENT_ID } from '../testing/fixtures';
import { answerNothingEndorsed, closeDialog, dialogTitled } from '../testing/form-driver';
import { mount, type AssessmentEmbed, type AssessmentEmbedOptions } from './index';

const M = MSG.assessment;
const OPTIONS: AssessmentEmbedOptions = {
  apiBaseUrl: 'https://psicocampus.example.edu/',
  token: 'token-integrador',
  studentId: STUDENT_ID,
};

function hostElement(): HTMLElement {
  const element = document.createElement('div');
  element.id = 'evaluacion';
  document.body.append(element);
  return element;
}

async function mountInto(element: HTMLElement, options: Partial<AssessmentEmbedOptions> = {}) {
  let unmount!: () => void;
  await act(async () => {
    unmount = mount(element, { ...OPTIONS, ...options });
  });
  return unmount;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('mount(element, options), the embed for integrators (docs/architecture.md#the-embeddable-assessment)', () => {
  it('renders the form, with its title, into a plain element', async () => {
    stubApi(() => undefined);
    const element = hostElement();
    const unmount = await mountInto(element, { studentName: 'María José Castillo' });
    expect(screen.getByRole('heading', { level: 2, name: M.title })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: M.ideationSection })).toBeInTheDocument();
    expect(element).toHaveTextContent('María José Castillo');
    await act(async () => unmount());
  });

  it('keeps the session while the interview is typed, without the shell', async () => {
    const calls = stubApi((call) =>
      call.path === '/api/auth/me' ? Response.json({ ok: true, user: {} }) : undefined,
    );
    const element = hostElement();
    const unmount = await mountInto(element);
    const start = Date.now();
    const now = jest.spyOn(Date, 'now');
    const typeAt = (minutes: number) => {
      now.mockReturnValue(start + minutes * 60_000);
      element
        .querySelector('textarea, input')!
        .dispatchEvent(new Event('input', { bubbles: true }));
    };
    try {
      typeAt(0);
      typeAt(5);
      expect(calls.filter((call) => call.path === '/api/auth/me')).toHaveLength(0);
      typeAt(11);
      typeAt(12);
      await waitFor(() =>
        expect(calls.filter((call) => call.path === '/api/auth/me')).toHaveLength(1),
      );
      // Typing in the host page, outside the form, is not the interview.
      now.mockReturnValue(start + 30 * 60_000);
      document.body.dispatchEvent(new Event('input', { bubbles: true }));
      expect(calls.filter((call) => call.path === '/api/auth/me')).toHaveLength(1);
    } finally {
      now.mockRestore();
      await act(async () => unmount());
    }
  });

  it('calls the API at apiBaseUrl with the token as x-token, and reports the saved assessment', async () => {
    const assessment = savedAssessment({ riskLevel: 'BAJO' });
    const calls = stubApi((call) =>
      call.method === 'POST'
        ? Response.json({ ok: true, msg: 'ok', assessment }, { status: 201 })
        : undefined,
    );
    const onSaved = jest.fn();
    const unmount = await mountInto(hostElement(), { onSaved });
    const user = userEvent.setup();
    await answerNothingEndorsed(user);
    await user.click(screen.getByRole('button', { name: M.save }));
    await closeDialog(user, await dialogTitled(M.registered));

    // The service's clock, then the save.
    expect(calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /api/service',
      'POST /api/suicide-assessments',
    ]);
    const urls = (global.fetch as jest.Mock).mock.calls.map(([input]: [RequestInfo | URL]) =>
      input instanceof Request ? input.url : String(input),
    );
    expect(urls).toContain('https://psicocampus.example.edu/api/suicide-assessments');
    const save = calls[1]!;
    expect(save.headers.get('x-token')).toBe('token-integrador');
    expect(save.body).toMatchObject({ student: STUDENT_ID });
    expect(onSaved).toHaveBeenCalledWith(assessment);
    await act(async () => unmount());
  });

  it("shows the dates it writes on the service's clock, not the host page's (docs/decisions.md#one-clock)", async () => {
    const remarkAt = '2026-11-21T10:00:00.000Z';
    const assessment = savedAssessment({ riskLevel: 'BAJO' });
    const withRemark = {
      ...assessment,
      finalRemarks: 'Control en una semana.',
      remarks: [
        {
          _id: 'r1',
          text: 'Control en una semana.',
          createdAt: remarkAt,
          createdBy: { _id: 'u1', firstName: 'Lucía', lastName: 'Fernández' },
        },
      ],
    };
    const calls = stubApi((call) => {
      if (call.path === '/api/service') {
        return Response.json({ ok: true, service: { timeZone: 'Asia/Tokyo' } });
      }
      if (call.method === 'POST') {
        return Response.json({ ok: true, msg: 'ok', assessment }, { status: 201 });
      }
      if (call.method === 'PUT') {
        return Response.json({ ok: true, msg: M.finalRemarksSaved, assessment: withRemark });
      }
      return undefined;
    });
    const unmount = await mountInto(hostElement());
    const user = userEvent.setup();
    await answerNothingEndorsed(user);
    await user.click(screen.getByRole('button', { name: M.save }));
    await closeDialog(user, await dialogTitled(M.registered));
    await user.type(screen.getByRole('textbox', { name: M.newRemark }), 'Control en una semana.');
    await user.click(screen.getByRole('button', { name: M.saveFinalRemarks }));
    await closeDialog(user, await dialogTitled(M.finalRemarksSaved));

    const service = calls.find((call) => call.path === '/api/service');
    expect(service?.headers.get('x-token')).toBe('token-integrador');
    const block = screen.getByRole('region', { name: M.finalRemarks });
    // 10:00 UTC is 19:00 in Tokyo, whatever zone the host page's browser is on.
    expect(block).toHaveTextContent(formatDateTimeIn(remarkAt, 'Asia/Tokyo'));
    await act(async () => unmount());
  });

  it('keeps every answer when the session has expired, tells the page, and saves once it sets a new token', async () => {
    const assessment = savedAssessment({ riskLevel: 'BAJO' });
    const calls = stubApi((call) => {
      if (call.method !== 'POST') return undefined;
      return call.headers.get('x-token') === 'token-nuevo'
        ? Response.json({ ok: true, msg: 'ok', assessment }, { status: 201 })
        : Response.json({ ok: false, msg: 'Sesión expirada' }, { status: 401 });
    });
    const onSaved = jest.fn();
    const onSessionExpired = jest.fn();
    const element = hostElement();
    let embed!: AssessmentEmbed;
    await act(async () => {
      embed = mount(element, { ...OPTIONS, onSaved, onSessionExpired });
    });
    const user = userEvent.setup();
    await answerNothingEndorsed(user);
    await user.type(screen.getByRole('textbox', { name: M.observations }), 'Acude sola.');
    await user.click(screen.getByRole('button', { name: M.save }));

    // No error dialog and nothing lost: the form says it waits for the session.
    expect(await screen.findByText(M.waitingForSession)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('textbox', { name: M.observations })).toHaveValue('Acude sola.');
    expect(onSaved).not.toHaveBeenCalled();

    await act(async () => embed.setToken('token-nuevo'));
    await closeDialog(user, await dialogTitled(M.registered));
    const saves = calls.filter((call) => call.method === 'POST');
    expect(saves.map((call) => call.headers.get('x-token'))).toEqual([
      'token-integrador',
      'token-nuevo',
    ]);
    expect(saves[1]!.body).toEqual(saves[0]!.body);
    expect(saves[1]!.body).toMatchObject({ observations: 'Acude sola.' });
    expect(onSaved).toHaveBeenCalledWith(assessment);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(M.waitingForSession)).not.toBeInTheDocument();
    await act(async () => embed.unmount());
    expect(() => embed.setToken('otro')).not.toThrow();
  });

  it('refuses an empty token in setToken with a clear error', async () => {
    stubApi(() => undefined);
    let embed!: AssessmentEmbed;
    await act(async () => {
      embed = mount(hostElement(), OPTIONS);
    });
    expect(() => embed.setToken('  ')).toThrow(
      'setToken(token): token must be a non-empty string.',
    );
    await act(async () => embed());
  });

  it('unmounts cleanly, and a second call is harmless', async () => {
    stubApi(() => undefined);
    const element = hostElement();
    element.innerHTML = '<p>contenido del integrador</p>';
    const unmount = await mountInto(element);
    expect(screen.getByRole('button', { name: M.save })).toBeInTheDocument();

    await act(async () => unmount());
    expect(element.innerHTML).toBe('<p>contenido del integrador</p>');
    expect(screen.queryByRole('button', { name: M.save })).not.toBeInTheDocument();
    expect(() => unmount()).not.toThrow();
  });

  it('leaves nothing running after unmount: a save in flight is aborted and no store is kept', async () => {
    let signal: AbortSignal | undefined;
    global.fetch = jest.fn(
      (input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          signal = new Request(input, init).signal;
          signal.addEventListener('abort', () => reject(signal!.reason));
        }),
    ) as typeof fetch;
    const unmount = await mountInto(hostElement());
    const user = userEvent.setup();
    await answerNothingEndorsed(user);
    await user.click(screen.getByRole('button', { name: M.save }));
    await waitFor(() => expect(signal).toBeDefined());
    expect(signal!.aborted).toBe(false);

    await act(async () => unmount());
    expect(signal!.aborted).toBe(true);
    // Every form this file mounted is unmounted by now: none of their stores is reachable.
    const reached: AppStore[] = [];
    extendStores(({ store }) => {
      reached.push(store);
    });
    expect(reached).toEqual([]);
  });

  it('calls onClose when the person closes the form', async () => {
    stubApi(() => undefined);
    const onClose = jest.fn();
    const unmount = await mountInto(hostElement(), { onClose });
    await userEvent.setup().click(screen.getByRole('button', { name: MSG.common.cancel }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: M.save })).toBeInTheDocument();
    await act(async () => unmount());
  });

  it('unmounts itself on close when there is no onClose', async () => {
    stubApi(() => undefined);
    const element = hostElement();
    await mountInto(element);
    await userEvent.setup().click(screen.getByRole('button', { name: MSG.common.cancel }));
    await waitFor(() => expect(element).toBeEmptyDOMElement());
  });

  it('explains wrong options to the integrator', () => {
    const element = hostElement();
    expect(() => mount(null as unknown as Element, OPTIONS)).toThrow(
      /element must be a DOM element/,
    );
    expect(() => mount(element, { ...OPTIONS, token: '' })).toThrow(/options\.token/);
    expect(() =>
      mount(element, { apiBaseUrl: '', token: 't' } as unknown as AssessmentEmbedOptions),
    ).toThrow(/options\.studentId/);
    expect(element).toBeEmptyDOMElement();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  CONTRADICTION_MSG,
  formatDateTime,
  MSG,
  type SuicideAssessment,
} from '@psicocampus/shared';
import {
  renderWithApp,
  stubApi,
  testPsychologist,
  type RecordedCall,
} from '@psicocampus/shared/testing';
import {
  assessmentPageAnswer,
  author,
  pdfAnswer,
  remark,
  savedAssessment,
  student,
  STUDENT_ID,
} from '../../testing/fixtures';
import { answerNothingEndorsed, closeDialog, dialogTitled } from '../../testing/form-driver';
import StudentEvaluationsPage from './student-evaluations.page';

const M = MSG.assessment;
const ROUTE = `/psychologist/dashboard/studenteva/${STUDENT_ID}`;

const first = savedAssessment({ createdAt: '2026-03-02T09:15:00.000Z', riskLevel: 'MODERADO' });
const second = savedAssessment({
  createdAt: '2026-10-20T16:40:00.000Z',
  riskLevel: 'MUY_ALTO',
  createdBy: null,
});

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

function server(options: { assessments?: () => SuicideAssessment[]; other?: Handler } = {}) {
  const list = options.assessments ?? (() => [first, second]);
  return stubApi((call) => {
    const other = options.other?.(call);
    if (other) return other;
    if (call.method === 'GET' && call.path === `/api/students/${STUDENT_ID}`) {
      return Response.json({ ok: true, student: student() });
    }
    if (call.method === 'GET' && call.path === '/api/suicide-assessments') {
      return assessmentPageAnswer(list(), call.search);
    }
    return undefined;
  });
}

async function renderPage() {
  const rendered = await renderWithApp(<StudentEvaluationsPage />, {
    route: ROUTE,
    path: '/psychologist/dashboard/studenteva/:id',
    session: { token: 'token-123', user: testPsychologist },
  });
  return { ...rendered, user: userEvent.setup() };
}

const downloads: string[] = [];

beforeEach(() => {
  downloads.length = 0;
  URL.createObjectURL = jest.fn(() => 'blob:report');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function click(
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('studenteva/:id (docs/screens-and-routes.md#evaluations-of-a-student)', () => {
  it("lists the student's evaluations newest first as 'Evaluación N' (the oldest is 1), with date, author and level", async () => {
    const calls = server();
    await renderPage();
    expect(await screen.findByText('María José Castillo')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: M.historyTitle })).toBeInTheDocument();
    expect(await screen.findByText(M.total(2))).toBeInTheDocument();

    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(
      items.map((item) => within(item).getByRole('heading', { level: 2 }).textContent),
    ).toEqual(['Evaluación 2', 'Evaluación 1']);
    expect(items[1]).toHaveTextContent(formatDateTime(first.createdAt));
    expect(items[1]).toHaveTextContent('Lucía Fernández');
    expect(items[1]).toHaveTextContent(M.levels.MODERADO);
    expect(items[0]).toHaveTextContent(formatDateTime(second.createdAt));
    expect(items[0]).toHaveTextContent(MSG.common.notAssigned);
    expect(items[0]).toHaveTextContent(M.levels.MUY_ALTO);

    const listCall = calls.find((call) => call.path === '/api/suicide-assessments')!;
    expect(listCall.search).toBe(`?studentId=${STUDENT_ID}&page=1&pageSize=20`);
    expect(listCall.headers.get('x-token')).toBe('token-123');
  });

  it('links each evaluation to its own screen', async () => {
    server();
    await renderPage();
    await screen.findByText(M.total(2));
    expect(
      screen.getByRole('link', { name: `${MSG.savedAssessment.open} — Evaluación 2` }),
    ).toHaveAttribute('href', `/psychologist/dashboard/evaluacion/${second._id}`);
  });

  it("links back to the student's detail", async () => {
    server();
    await renderPage();
    expect(
      screen.getByRole('link', { name: new RegExp(MSG.students.backToDetail) }),
    ).toHaveAttribute('href', `/psychologist/dashboard/patients/${STUDENT_ID}`);
  });

  it('says when the student has no evaluations', async () => {
    server({ assessments: () => [] });
    await renderPage();
    expect(await screen.findByText(M.empty)).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('marks each evaluation whose stored answers contradict each other, and only those (docs/columbia-assessment.md#contradicting-answers)', async () => {
    const kept = savedAssessment({
      createdAt: '2026-03-02T09:15:00.000Z',
      actualAttempt: { present: false, description: 'Ingesta de pastillas', totalAttempts: 0 },
      lethalityDegree: 1,
    });
    server({ assessments: () => [kept, second] });
    await renderPage();
    await screen.findByText(M.total(2));
    const items = within(screen.getByRole('list')).getAllByRole('listitem');
    expect(items[1]).toHaveTextContent(CONTRADICTION_MSG.markShort(2));
    expect(items[0]).not.toHaveTextContent(/se contradice/);
  });

  it('says the student does not exist or is not in the caseload, with the way back to the list and no retry', async () => {
    server({
      other: (call) =>
        call.path === '/api/suicide-assessments' || call.path === `/api/students/${STUDENT_ID}`
          ? Response.json({ ok: false, msg: MSG.students.notFound }, { status: 404 })
          : undefined,
    });
    await renderPage();
    expect(await screen.findByText(MSG.students.notFound)).toBeInTheDocument();
    expect(screen.queryByText(M.loadError)).toBeNull();
    expect(screen.queryByRole('button', { name: MSG.common.retry })).toBeNull();
    expect(screen.queryByRole('button', { name: M.newButton })).toBeNull();
    expect(screen.getByRole('link', { name: MSG.students.backToList })).toHaveAttribute(
      'href',
      '/psychologist/dashboard/patients',
    );
  });

  it('says when the evaluations cannot be loaded, and tries again', async () => {
    let fail = true;
    server({
      other: (call) =>
        call.path === '/api/suicide-assessments' && fail
          ? new Response('', { status: 500 })
          : undefined,
    });
    const { user } = await renderPage();
    expect(await screen.findByText(M.loadError)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: MSG.common.retry }));
    expect(await screen.findByText(M.total(2))).toBeInTheDocument();
  });
});

describe('final remarks in the history (docs/columbia-assessment.md#final-remarks)', () => {
  const colleague = { _id: 'b2c3', firstName: 'Martín', lastName: 'Rojas', email: 'm@x.test' };
  const evaluation = (n: number) =>
    screen.getByRole('heading', { level: 2, name: M.itemTitle(n) }).closest('li')!;
  const entriesOf = (item: HTMLElement) =>
    within(within(item).getByRole('region', { name: new RegExp(`^${M.finalRemarks}`) }))
      .queryAllByRole('listitem')
      .map((entry) => entry.textContent);

  it("names each evaluation's remarks for it, so that no two regions share a name (axe's landmark-unique)", async () => {
    server();
    await renderPage();
    await screen.findByText(M.total(2));
    expect(
      screen
        .getAllByRole('region', { name: new RegExp(`^${M.finalRemarks}`) })
        .map((region) => region.getAttribute('aria-labelledby')?.split(' ').length),
    ).toEqual([2, 2]);
    expect(
      screen.getByRole('region', { name: `${M.finalRemarks} ${M.itemTitle(2)}` }),
    ).toBeInTheDocument();
  });

  it('shows every entry of each evaluation with its author and date, oldest first', async () => {
    const withRemarks = savedAssessment({
      remarks: [
        remark('Derivada a psiquiatría.', '2026-03-03T10:00:00.000Z'),
        remark('Control: estable.', '2026-03-10T10:00:00.000Z', null),
      ],
    });
    server({ assessments: () => [withRemarks, second] });
    await renderPage();
    await screen.findByText(M.total(2));
    expect(entriesOf(evaluation(1))).toEqual([
      `${formatDateTime('2026-03-03T10:00:00.000Z')} · Lucía FernándezDerivada a psiquiatría.`,
      `${formatDateTime('2026-03-10T10:00:00.000Z')} · ${MSG.common.notAssigned}Control: estable.`,
    ]);
    expect(within(evaluation(2)).getByText(M.remarksEmpty)).toBeInTheDocument();
  });

  it('lets the author add another at any time, keeping the earlier ones', async () => {
    const mine = savedAssessment({
      remarks: [remark('Derivada a psiquiatría.', '2026-03-03T10:00:00.000Z')],
    });
    const stored = [mine];
    const calls = server({
      assessments: () => stored,
      other: (call) => {
        if (call.method !== 'PUT') return undefined;
        const { finalRemarks } = call.body as { finalRemarks: string };
        const updated = {
          ...mine,
          finalRemarks,
          remarks: [...mine.remarks, remark(finalRemarks, '2026-11-21T10:00:00.000Z')],
        };
        stored[0] = updated;
        return Response.json({ ok: true, msg: M.finalRemarksSaved, assessment: updated });
      },
    });
    const { user } = await renderPage();
    await screen.findByText(M.total(1));
    expect(within(evaluation(1)).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(evaluation(1)).getByRole('button', { name: M.addRemark }));
    const box = within(evaluation(1)).getByRole('textbox', { name: M.newRemark });
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, 'Acude a control; sigue el plan de seguridad.');
    await user.click(within(evaluation(1)).getByRole('button', { name: M.saveFinalRemarks }));
    await closeDialog(user, await dialogTitled(M.finalRemarksSaved));

    await waitFor(() =>
      expect(entriesOf(evaluation(1))).toEqual([
        `${formatDateTime('2026-03-03T10:00:00.000Z')} · Lucía FernándezDerivada a psiquiatría.`,
        `${formatDateTime('2026-11-21T10:00:00.000Z')} · Lucía FernándezAcude a control; sigue el plan de seguridad.`,
      ]),
    );
    expect(within(evaluation(1)).queryByRole('textbox')).not.toBeInTheDocument();
    const put = calls.filter((call) => call.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]).toMatchObject({
      path: `/api/suicide-assessments/${mine._id}/final-remarks`,
      body: { finalRemarks: 'Acude a control; sigue el plan de seguridad.' },
    });
  });

  it("offers no way to add one to another psychologist's assessment", async () => {
    const theirs = savedAssessment({
      createdBy: colleague,
      remarks: [remark('Del colega.', '2026-03-03T10:00:00.000Z', colleague)],
    });
    server({ assessments: () => [theirs, savedAssessment({ createdBy: author })] });
    await renderPage();
    await screen.findByText(M.total(2));
    expect(entriesOf(evaluation(1))).toEqual([
      `${formatDateTime('2026-03-03T10:00:00.000Z')} · Martín RojasDel colega.`,
    ]);
    expect(within(evaluation(1)).queryByRole('button', { name: M.addRemark })).toBeNull();
    expect(within(evaluation(2)).getByRole('button', { name: M.addRemark })).toBeInTheDocument();
  });
});

describe('the PDF reports (docs/import-and-reports.md#reports)', () => {
  it("downloads the general report with the session's token", async () => {
    const calls = server({
      other: (call) =>
        call.path === `/api/pdfreport/student/${STUDENT_ID}`
          ? pdfAnswer('reporte-castillo-2026-11-21.pdf')
          : undefined,
    });
    const { user } = await renderPage();
    await screen.findByText('María José Castillo');
    await user.click(screen.getByRole('button', { name: M.generalReport }));
    await waitFor(() => expect(downloads).toEqual(['reporte-castillo-2026-11-21.pdf']));
    const report = calls.find((call) => call.path.startsWith('/api/pdfreport/'))!;
    expect(report.headers.get('x-token')).toBe('token-123');
  });

  it("says 'No se ha cargado el estudiante correctamente.' when the student did not load", async () => {
    const calls = server({
      other: (call) =>
        call.path === `/api/students/${STUDENT_ID}` ? new Response('', { status: 500 }) : undefined,
    });
    const { user } = await renderPage();
    await screen.findByText(M.total(2));
    await user.click(screen.getByRole('button', { name: M.generalReport }));
    const error = await dialogTitled(MSG.common.error);
    expect(error).toHaveTextContent(MSG.students.reportNotLoaded);
    await closeDialog(user, error);
    expect(calls.some((call) => call.path.startsWith('/api/pdfreport/'))).toBe(false);
  });

  it("downloads one evaluation's details from its own path", async () => {
    const calls = server({
      other: (call) =>
        call.path === `/api/pdfassessement/${second._id}/report/pdfassessment`
          ? pdfAnswer('evaluacion-2.pdf')
          : undefined,
    });
    const { user } = await renderPage();
    await screen.findByText(M.total(2));
    await user.click(screen.getByRole('button', { name: `${M.downloadDetails} — Evaluación 2` }));
    await waitFor(() => expect(downloads).toEqual(['evaluacion-2.pdf']));
    const report = calls.find((call) => call.path.startsWith('/api/pdfassessement/'))!;
    expect(report.headers.get('x-token')).toBe('token-123');
  });

  it("says 'Error al descargar el reporte.' when a download fails", async () => {
    server({
      other: (call) =>
        call.path.startsWith('/api/pdfassessement/')
          ? new Response('', { status: 500 })
          : undefined,
    });
    const { user } = await renderPage();
    await screen.findByText(M.total(2));
    await user.click(screen.getByRole('button', { name: `${M.downloadDetails} — Evaluación 1` }));
    const error = await dialogTitled(MSG.common.error);
    expect(error).toHaveTextContent(MSG.students.reportError);
    await closeDialog(user, error);
    expect(downloads).toEqual([]);
  });
});

describe("'Nueva Evaluación'", () => {
  it('opens the form in a modal and refreshes the list after saving', async () => {
    const stored = [first, second];
    const created = savedAssessment({ createdAt: '2026-11-21T10:00:00.000Z', riskLevel: 'BAJO' });
    server({
      assessments: () => stored,
      other: (call) => {
        if (call.method !== 'POST') return undefined;
        stored.push(created);
        return Response.json({ ok: true, msg: 'ok', assessment: created }, { status: 201 });
      },
    });
    const { user } = await renderPage();
    await screen.findByText(M.total(2));
    await user.click(screen.getByRole('button', { name: M.newButton }));
    const modal = await screen.findByRole('dialog', { name: M.title });
    expect(await within(modal).findByText('María José Castillo')).toBeInTheDocument();

    await answerNothingEndorsed(user);
    await user.click(within(modal).getByRole('button', { name: M.save }));
    await closeDialog(user, await dialogTitled(M.registered));
    expect(await screen.findByText(M.total(3))).toBeInTheDocument();

    await user.click(
      within(screen.getByRole('dialog', { name: M.title })).getByRole('button', { name: M.close }),
    );
    expect(screen.queryByRole('dialog', { name: M.title })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Evaluación 3' })).toBeInTheDocument();
  });

  it("asks before the modal's × discards a started form", async () => {
    server();
    const { user } = await renderPage();
    await user.click(screen.getByRole('button', { name: M.newButton }));
    await screen.findByRole('dialog', { name: M.title });
    await screen.findByRole('group', { name: /^1\. Deseo/ });

    await user.click(screen.getByRole('button', { name: MSG.common.closeDialog }));
    expect(screen.queryByRole('dialog', { name: M.title })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: M.newButton }));
    await user.click(
      within(await screen.findByRole('group', { name: /^1\. Deseo/ })).getByRole('radio', {
        name: 'Sí',
      }),
    );
    await user.click(screen.getByRole('button', { name: MSG.common.closeDialog }));
    await closeDialog(user, await dialogTitled(MSG.common.confirmTitle), MSG.common.cancel);
    expect(screen.getByRole('dialog', { name: M.title })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: MSG.common.closeDialog }));
    await closeDialog(user, await dialogTitled(MSG.common.confirmTitle), 'Sí, descartar');
    expect(screen.queryByRole('dialog', { name: M.title })).not.toBeInTheDocument();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  BEHAVIOUR_QUESTIONS,
  formatDate,
  formatDateTime,
  FREQUENCIES,
  IDEATION_QUESTIONS,
  IDEATION_TYPES,
  LETHALITY_DEGREES,
  MSG,
  POTENTIAL_LETHALITIES,
  type SuicideAssessment,
} from '@psicocampus/shared';
import {
  renderWithApp,
  stubApi,
  testPsychologist,
  type RecordedCall,
} from '@psicocampus/shared/testing';
import { CLINICIAN_LEVEL_MSG as C } from '@psicocampus/shared/clinician-level';
import { CONTRADICTION_MSG as X } from '@psicocampus/shared';
import {
  author,
  pdfAnswer,
  remark,
  savedAssessment,
  student,
  STUDENT_ID,
} from '../../testing/fixtures';
import { closeDialog, dialogTitled } from '../../testing/form-driver';
import SavedAssessmentPage from './saved-assessment.page';

const M = MSG.assessment;
const S = MSG.savedAssessment;
const colleague = { _id: 'b2c3', firstName: 'Martín', lastName: 'Rojas', email: 'm@x.test' };

/** Every section asked: ideation 1–5, intensity, an actual attempt of degree 0, observations. */
const full = savedAssessment({
  riskLevel: 'MUY_ALTO',
  createdAt: '2026-10-20T16:40:00.000Z',
  deathWish: { present: true, description: 'Quiere dormir y no despertar' },
  nonSpecificActiveSuicidalThoughts: { present: true, description: 'Desde el examen final' },
  activeSuicidalIdeationWithMethods: { present: true, description: 'Pensó en pastillas' },
  activeSuicidalIdeationWithIntent: { present: false, description: '' },
  activeSuicidalIdeationWithPlan: { present: false, description: '' },
  ideationIntensity: {
    mostSeriousIdeationType: 3,
    mostSeriousIdeationDescription: 'Imagina tomar las pastillas de su abuela',
    frequency: 3,
  },
  actualAttempt: { present: true, description: 'Ingirió pastillas', totalAttempts: 2 },
  nonSuicidalSelfInjury: { present: false, description: '' },
  unknownIntentSelfInjury: { present: false, description: '' },
  interruptedAttempt: { present: false, description: '', totalAttempts: 0 },
  abortedAttempt: { present: true, description: 'Se detuvo en el puente', totalAttempts: 1 },
  preparatoryActs: { present: false, description: '' },
  completedSuicide: false,
  lethalityDegree: 0,
  potentialLethality: 2,
  mostLethalAttemptDate: '2026-10-12',
  observations: 'Acude acompañada por su hermana.',
  remarks: [remark('Derivada a psiquiatría.', '2026-10-21T10:00:00.000Z')],
});

const ROUTE = `/psychologist/dashboard/evaluacion/${full._id}`;

type Handler = (call: RecordedCall) => Response | Promise<Response> | undefined;

function server(assessment: () => SuicideAssessment = () => full, other?: Handler) {
  return stubApi((call) => {
    const answer = other?.(call);
    if (answer) return answer;
    if (call.method === 'GET' && call.path === `/api/suicide-assessments/${full._id}`) {
      return Response.json({ ok: true, assessment: assessment() });
    }
    if (call.method === 'GET' && call.path === `/api/students/${STUDENT_ID}`) {
      return Response.json({ ok: true, student: student() });
    }
    return undefined;
  });
}

async function renderPage() {
  await renderWithApp(<SavedAssessmentPage />, {
    route: ROUTE,
    path: '/psychologist/dashboard/evaluacion/:id',
    session: { token: 'token-123', user: testPsychologist },
  });
  await screen.findByRole('region', { name: S.summary });
  return userEvent.setup();
}

const region = (name: string) => screen.getByRole('region', { name });
const remarksRegion = () => screen.getByRole('region', { name: M.finalRemarks });
const entries = () =>
  within(remarksRegion())
    .queryAllByRole('listitem')
    .map((entry) => entry.textContent);

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

describe('evaluacion/:id, one saved assessment', () => {
  it('asks for the assessment with the session token, and shows its level, date, author and the decision-aid line', async () => {
    const calls = server();
    await renderPage();
    expect(screen.getByRole('heading', { level: 1, name: S.title })).toBeInTheDocument();
    expect(await screen.findByText('María José Castillo')).toBeInTheDocument();
    const summary = region(S.summary);
    expect(summary).toHaveTextContent(formatDateTime(full.createdAt));
    expect(summary).toHaveTextContent('Lucía Fernández');
    expect(summary).toHaveTextContent(M.levels.MUY_ALTO);
    expect(summary).toHaveTextContent(M.decisionAid);
    const read = calls.find((call) => call.path === `/api/suicide-assessments/${full._id}`)!;
    expect(read.headers.get('x-token')).toBe('token-123');
    expect(screen.getByRole('link', { name: new RegExp(S.backToEvaluations) })).toHaveAttribute(
      'href',
      `/psychologist/dashboard/studenteva/${STUDENT_ID}`,
    );
  });

  it('names the scale’s level and the clinician’s as such, and says exactly which one is in force (docs/columbia-assessment.md#clinicians-level)', async () => {
    const clinicianLevel = {
      level: 'ALTO' as const,
      reason: 'Red de apoyo sólida y plan acordado con la familia.',
      at: '2026-10-21T10:00:00.000Z',
      by: author,
    };
    server(() => ({ ...full, clinicianLevel }));
    await renderPage();
    const summary = region(S.summary);
    const said = (term: string) =>
      within(summary).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(said(C.engineLevel)).toHaveTextContent(M.levels.MUY_ALTO);
    expect(said(C.clinicianLevel)).toHaveTextContent(M.levels.ALTO);
    expect(said(C.clinicianLevel)).not.toHaveTextContent(M.levels.MUY_ALTO);
    expect(said(C.inForce)).toHaveTextContent(`${M.levels.ALTO} (${C.inForceClinician})`);
    // The clinician's level is never under the scale's heading.
    expect(within(summary).queryByText(M.estimatedLevel)).toBeNull();
  });

  it('says the scale’s level is in force while no clinician’s level is recorded', async () => {
    server();
    await renderPage();
    const summary = region(S.summary);
    const said = (term: string) =>
      within(summary).getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(said(C.engineLevel)).toHaveTextContent(M.levels.MUY_ALTO);
    expect(said(C.clinicianLevel)).toHaveTextContent(C.noneYet);
    expect(said(C.inForce)).toHaveTextContent(`${M.levels.MUY_ALTO} (${C.inForceEngine})`);
  });

  it('marks a stored record whose answers contradict each other, naming each, and hides none of its values (docs/columbia-assessment.md#contradicting-answers)', async () => {
    // As an older version stored it: «Intento Real» set back to "No" kept its
    // description and number; its lethality stayed too.
    server(() => ({
      ...full,
      actualAttempt: { present: false, description: 'Ingesta de pastillas', totalAttempts: 2 },
    }));
    await renderPage();
    const mark = screen.getByText(X.markTitle).closest('div')!;
    expect(mark).toHaveTextContent(X.markText);
    const listed = within(mark)
      .getAllByRole('listitem')
      .map((item) => item.textContent);
    expect(listed).toEqual([
      'Intento Real: hay una descripción aunque la respuesta no es «Sí».',
      'Intento Real: hay un número de intentos (2) aunque la respuesta no es «Sí».',
      `${M.lethalityDegree}: hay una respuesta aunque Intento Real no es «Sí».`,
      `${M.potentialLethality}: hay una respuesta aunque Intento Real no es «Sí».`,
      `${M.mostLethalAttemptDate}: hay una respuesta aunque Intento Real no es «Sí».`,
    ]);
    // Every stored value stays in sight, each contradicting one marked beside it.
    const actual = screen.getByRole('heading', { level: 3, name: 'Intento Real' }).parentElement!;
    expect(actual).toHaveTextContent(`${S.answer}${M.no}`);
    expect(actual).toHaveTextContent('Ingesta de pastillas');
    expect(actual).toHaveTextContent(`${M.totalAttempts}2`);
    expect(within(actual).getAllByText(X.markInline)).toHaveLength(2);
    const lethality = region(M.lethalitySection);
    expect(lethality).toHaveTextContent(LETHALITY_DEGREES[0]!.label);
    expect(lethality).toHaveTextContent(POTENTIAL_LETHALITIES[2]!.label);
    expect(within(lethality).getAllByText(X.markInline)).toHaveLength(3);
  });

  it('shows no mark on a record whose answers agree', async () => {
    server();
    await renderPage();
    expect(screen.queryByText(X.markTitle)).toBeNull();
    expect(screen.queryByText(X.markInline)).toBeNull();
  });

  it('shows every answer with the scale’s wording and labels, as the PDF does', async () => {
    server();
    await renderPage();

    const ideation = region(M.ideationSection);
    for (const question of IDEATION_QUESTIONS) {
      expect(
        within(ideation).getByRole('heading', { name: `${question.number}. ${question.title}` }),
      ).toBeInTheDocument();
      expect(ideation).toHaveTextContent(question.question);
    }
    expect(ideation).toHaveTextContent('Quiere dormir y no despertar');
    expect(ideation).toHaveTextContent('Pensó en pastillas');

    const intensity = region(M.intensitySection);
    expect(intensity).toHaveTextContent(IDEATION_TYPES.find((type) => type.value === 3)!.label);
    expect(intensity).toHaveTextContent('Imagina tomar las pastillas de su abuela');
    expect(intensity).toHaveTextContent(FREQUENCIES.find((f) => f.value === 3)!.label);

    const behaviour = region(M.behaviourSection);
    for (const question of BEHAVIOUR_QUESTIONS) {
      const heading = within(behaviour).getByRole('heading', { name: question.name });
      expect(heading.parentElement).toHaveTextContent(question.question);
    }
    const item = (name: string) => within(behaviour).getByRole('heading', { name }).parentElement!;
    expect(item('Intento Real')).toHaveTextContent(`${M.totalAttempts}2`);
    expect(item('Intento Real')).toHaveTextContent('Ingirió pastillas');
    expect(item('Intento Abortado')).toHaveTextContent(`${S.answer}${M.yes}`);
    expect(item('Intento Interrumpido')).toHaveTextContent(`${S.answer}${M.no}`);
    expect(item('Intento Interrumpido')).not.toHaveTextContent(M.totalAttempts);
    expect(item(M.completedSuicide)).toHaveTextContent(`${S.answer}${M.no}`);

    const lethality = region(M.lethalitySection);
    expect(lethality).toHaveTextContent(LETHALITY_DEGREES.find((d) => d.value === 0)!.label);
    expect(lethality).toHaveTextContent(POTENTIAL_LETHALITIES.find((p) => p.value === 2)!.label);
    expect(lethality).toHaveTextContent(formatDate('2026-10-12T12:00:00'));

    expect(region(M.observations)).toHaveTextContent('Acude acompañada por su hermana.');
  });

  it('leaves out what the form did not ask, and says when an answer is missing', async () => {
    const calm = {
      ...full,
      nonSpecificActiveSuicidalThoughts: { present: false, description: '' },
      deathWish: { present: null, description: '' },
      // Not asked under a "No" to item 2: stored as the flow's "No".
      activeSuicidalIdeationWithMethods: { present: false, description: '' },
      ideationIntensity: {
        mostSeriousIdeationType: null,
        mostSeriousIdeationDescription: '',
        frequency: null,
      },
      actualAttempt: { present: false, description: '', totalAttempts: 0 },
      lethalityDegree: null,
      potentialLethality: null,
      mostLethalAttemptDate: null,
      observations: '',
    };
    server(() => calm);
    await renderPage();
    const ideation = region(M.ideationSection);
    expect(within(ideation).getAllByRole('heading', { level: 3 })).toHaveLength(2);
    expect(ideation).toHaveTextContent(`${S.answer}${S.unanswered}`);
    expect(screen.queryByRole('region', { name: M.intensitySection })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: M.lethalitySection })).not.toBeInTheDocument();
    expect(region(M.observations)).toHaveTextContent(S.noObservations);
  });

  it('lists the final remarks with author and date, and lets the author add one, keeping the earlier', async () => {
    let current = full;
    const calls = server(
      () => current,
      (call) => {
        if (call.method !== 'PUT') return undefined;
        const { finalRemarks } = call.body as { finalRemarks: string };
        current = {
          ...full,
          finalRemarks,
          remarks: [...full.remarks, remark(finalRemarks, '2026-11-21T10:00:00.000Z')],
        };
        return Response.json({ ok: true, msg: M.finalRemarksSaved, assessment: current });
      },
    );
    const user = await renderPage();
    expect(entries()).toEqual([
      `${formatDateTime('2026-10-21T10:00:00.000Z')} · Lucía FernándezDerivada a psiquiatría.`,
    ]);
    expect(within(remarksRegion()).queryByRole('textbox')).not.toBeInTheDocument();

    await user.click(within(remarksRegion()).getByRole('button', { name: M.addRemark }));
    const box = within(remarksRegion()).getByRole('textbox', { name: M.newRemark });
    await waitFor(() => expect(box).toHaveFocus());
    await user.type(box, 'Acude a control; sigue el plan de seguridad.');
    await user.click(within(remarksRegion()).getByRole('button', { name: M.saveFinalRemarks }));
    await closeDialog(user, await dialogTitled(M.finalRemarksSaved));

    await waitFor(() =>
      expect(entries()).toEqual([
        `${formatDateTime('2026-10-21T10:00:00.000Z')} · Lucía FernándezDerivada a psiquiatría.`,
        `${formatDateTime('2026-11-21T10:00:00.000Z')} · Lucía FernándezAcude a control; sigue el plan de seguridad.`,
      ]),
    );
    const put = calls.filter((call) => call.method === 'PUT');
    expect(put).toHaveLength(1);
    expect(put[0]).toMatchObject({
      path: `/api/suicide-assessments/${full._id}/final-remarks`,
      body: { finalRemarks: 'Acude a control; sigue el plan de seguridad.' },
    });
    // The screen's own copy is asked again: the remark is the server's, not only the form's.
    await waitFor(() =>
      expect(
        calls.filter((call) => call.path === `/api/suicide-assessments/${full._id}`),
      ).toHaveLength(2),
    );
  });

  it("asks '¿Descartar los cambios?' before leaving the screen with a remark typed, and keeps it on 'Cancelar' (docs/screens-and-routes.md#leaving-a-form)", async () => {
    server();
    const user = await renderPage();
    await user.click(within(remarksRegion()).getByRole('button', { name: M.addRemark }));
    const box = within(remarksRegion()).getByRole('textbox', { name: M.newRemark });
    await user.type(box, 'Acude a control.');

    await user.click(screen.getByRole('link', { name: new RegExp(S.backToEvaluations) }));
    const ask = await dialogTitled(MSG.drafts.discardTitle);
    await user.click(within(ask).getByRole('button', { name: MSG.common.cancel }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(remarksRegion()).getByRole('textbox', { name: M.newRemark })).toHaveValue(
      'Acude a control.',
    );
  });

  it("shows another psychologist's assessment's remarks, with no way to add one", async () => {
    server(() => ({
      ...full,
      createdBy: colleague,
      remarks: [remark('Del colega.', '2026-10-21T10:00:00.000Z', colleague)],
    }));
    await renderPage();
    expect(entries()).toEqual([
      `${formatDateTime('2026-10-21T10:00:00.000Z')} · Martín RojasDel colega.`,
    ]);
    expect(screen.queryByRole('button', { name: M.addRemark })).not.toBeInTheDocument();
    expect(screen.queryByRole('textbox')).not.toBeInTheDocument();
  });

  it('downloads its PDF and the general report', async () => {
    server(undefined, (call) => {
      if (call.path === `/api/pdfassessement/${full._id}/report/pdfassessment`) {
        return pdfAnswer('evaluacion-castillo.pdf');
      }
      if (call.path === `/api/pdfreport/student/${STUDENT_ID}`) {
        return pdfAnswer('reporte-castillo.pdf');
      }
      return undefined;
    });
    const user = await renderPage();
    await screen.findByText('María José Castillo');
    await user.click(screen.getByRole('button', { name: M.downloadDetails }));
    await waitFor(() => expect(downloads).toEqual(['evaluacion-castillo.pdf']));
    await user.click(screen.getByRole('button', { name: M.generalReport }));
    await waitFor(() =>
      expect(downloads).toEqual(['evaluacion-castillo.pdf', 'reporte-castillo.pdf']),
    );
  });

  it("says so when the assessment is not one of the psychologist's, and tries again", async () => {
    let refuse = true;
    stubApi((call) => {
      if (call.path !== `/api/suicide-assessments/${full._id}`) return undefined;
      return refuse
        ? Response.json({ ok: false, msg: M.notFound }, { status: 404 })
        : Response.json({ ok: true, assessment: full });
    });
    await renderWithApp(<SavedAssessmentPage />, {
      route: ROUTE,
      path: '/psychologist/dashboard/evaluacion/:id',
      session: { token: 'token-123', user: testPsychologist },
    });
    const user = userEvent.setup();
    expect(await screen.findByText(M.notFound)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: M.downloadDetails })).not.toBeInTheDocument();
    refuse = false;
    await user.click(screen.getByRole('button', { name: MSG.common.retry }));
    expect(await screen.findByRole('region', { name: S.summary })).toBeInTheDocument();
  });
});

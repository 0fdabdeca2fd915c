import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  emptyAssessmentAnswers,
  MSG,
  registerRemoteComponentLoader,
  type AssessmentFormProps,
  type SuicideAssessment,
} from '@psicocampus/shared';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { apiError, json, makeDetail, me } from '../../../testing/fixtures';
import { alertDialog, BASE, renderScreen } from '../../../testing/render';
import StudentDetailPage from '../student-detail.page';

const student = makeDetail({ firstName: 'Valentina', lastName: 'Ríos' });

function assessment(overrides: Partial<SuicideAssessment>): SuicideAssessment {
  return {
    ...emptyAssessmentAnswers(),
    _id: `a-${Math.random().toString(16).slice(2)}`,
    student: student._id,
    studentId: student._id,
    riskLevel: 'BAJO',
    finalRemarks: '',
    finalRemarksAt: null,
    remarks: [],
    createdBy: me,
    createdAt: '2026-05-02T15:00:00.000Z',
    ...overrides,
  };
}

const older = assessment({ _id: 'a-1', riskLevel: 'ALTO', createdAt: '2026-03-01T15:00:00.000Z' });
const newer = assessment({ _id: 'a-2', riskLevel: 'BAJO', createdAt: '2026-05-02T15:00:00.000Z' });

function api(
  assessments: Response | (() => Response),
  extra?: (call: RecordedCall) => Response | undefined,
) {
  return stubApi((call) => {
    const answer = extra?.(call);
    if (answer) return answer;
    if (call.path === `/api/students/${student._id}`) return json({ ok: true, student });
    if (call.path === '/api/suicide-assessments') {
      return typeof assessments === 'function' ? assessments() : assessments.clone();
    }
    if (call.path === '/api/appointments') return json({ ok: true, appointments: [] });
    return undefined;
  });
}

function renderDetail() {
  return renderScreen(<StudentDetailPage />, {
    route: `${BASE}/patients/${student._id}`,
    path: `${BASE}/patients/:id`,
  });
}

async function evaluationsSection() {
  return screen.findByRole('region', { name: MSG.assessment.historyTitle });
}

describe('the evaluations of the student detail (SEED §2)', () => {
  beforeAll(() => {
    URL.createObjectURL = jest.fn(() => 'blob:reporte');
    URL.revokeObjectURL = jest.fn();
  });

  it("numbers the student's evaluations from the oldest, with their level and PDF", async () => {
    const calls = api(json({ ok: true, assessments: [older, newer] }), (call) =>
      call.path.startsWith('/api/pdf')
        ? new Response('%PDF-1.3', {
            headers: { 'content-disposition': 'attachment; filename="evaluacion_1.pdf"' },
          })
        : undefined,
    );
    await renderDetail();
    const section = await evaluationsSection();
    expect(await within(section).findByText(MSG.assessment.total(2))).toBeInTheDocument();
    const items = within(section).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Evaluación 1');
    expect(items[0]).toHaveTextContent(MSG.assessment.levels.ALTO);
    expect(items[1]).toHaveTextContent('Evaluación 2');
    expect(calls.find((call) => call.path === '/api/suicide-assessments')?.search).toBe(
      `?studentId=${student._id}`,
    );

    await userEvent.click(
      within(items[0]!).getByRole('button', { name: /Descargar Detalles \(PDF\)/ }),
    );
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(
        '/api/pdfassessement/a-1/report/pdfassessment',
      ),
    );
    const pdfCall = calls.find((call) => call.path.startsWith('/api/pdfassessement'))!;
    expect(pdfCall.headers.get('x-token')).toBe('token-psicologa');

    await userEvent.click(
      within(section).getByRole('button', { name: MSG.assessment.generalReport }),
    );
    await waitFor(() =>
      expect(calls.map((call) => call.path)).toContain(`/api/pdfreport/student/${student._id}`),
    );
  });

  it('says when there are none, and when they could not be loaded', async () => {
    api(json({ ok: true, assessments: [] }));
    await renderDetail();
    const section = await evaluationsSection();
    expect(await within(section).findByText(MSG.assessment.empty)).toBeInTheDocument();
    document.body.innerHTML = '';

    api(apiError(500, 'falló'));
    await renderDetail();
    expect(
      await within(await evaluationsSection()).findByText(MSG.assessment.loadError),
    ).toBeInTheDocument();
  });

  it("says 'Error al descargar el reporte.' when a PDF fails", async () => {
    api(json({ ok: true, assessments: [older] }), (call) =>
      call.path.startsWith('/api/pdf') ? new Response('', { status: 500 }) : undefined,
    );
    await renderDetail();
    const section = await evaluationsSection();
    await userEvent.click(
      await within(section).findByRole('button', { name: MSG.assessment.generalReport }),
    );
    expect(await alertDialog()).toHaveTextContent(MSG.students.reportError);
  });

  it("opens 'Nueva Evaluación' with the assessment remote's form, loaded at run time", async () => {
    const loader = jest.fn(async () => {
      const Form = ({ studentId, studentName, onClose }: AssessmentFormProps) => (
        <div>
          <p>
            Formulario Columbia de {studentName} ({studentId})
          </p>
          <button onClick={onClose}>Cerrar formulario</button>
        </div>
      );
      return Form as never;
    });
    registerRemoteComponentLoader(loader);
    api(json({ ok: true, assessments: [] }));
    await renderDetail();
    const section = await evaluationsSection();
    await userEvent.click(within(section).getByRole('button', { name: MSG.assessment.newButton }));
    const modal = await screen.findByRole('dialog', { name: MSG.assessment.title });
    expect(
      await within(modal).findByText(`Formulario Columbia de Valentina Ríos (${student._id})`),
    ).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith('assessment', 'AssessmentForm');
    await userEvent.click(within(modal).getByRole('button', { name: 'Cerrar formulario' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: MSG.assessment.title })).not.toBeInTheDocument(),
    );
  });

  it('shows the Spanish fallback with "Reintentar" when the assessment remote is down', async () => {
    let up = false;
    registerRemoteComponentLoader(async () => {
      if (!up) throw new Error('remote down');
      return (() => <p>Formulario disponible</p>) as never;
    });
    api(json({ ok: true, assessments: [] }));
    await renderDetail();
    await userEvent.click(
      within(await evaluationsSection()).getByRole('button', { name: MSG.assessment.newButton }),
    );
    const modal = await screen.findByRole('dialog', { name: MSG.assessment.title });
    expect(await within(modal).findByText(MSG.shell.moduleUnavailable)).toBeInTheDocument();
    up = true;
    await userEvent.click(within(modal).getByRole('button', { name: MSG.common.retry }));
    expect(await within(modal).findByText('Formulario disponible')).toBeInTheDocument();
  });
});

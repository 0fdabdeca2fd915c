/**
 * The student detail shows the assessment remote's evaluations block
 * (`./StudentEvaluations`): its behaviour is tested there; here, that it is
 * loaded at run time for this student, and what the section says meanwhile.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  MSG,
  registerRemoteComponentLoader,
  type StudentEvaluationsProps,
} from '@psicocampus/shared';
import { deferred, stubApi } from '@psicocampus/shared/testing';
import { json, makeDetail } from '../../../testing/fixtures';
import { BASE, renderScreen } from '../../../testing/render';
import StudentDetailPage from '../student-detail.page';

const student = makeDetail({ firstName: 'Valentina', lastName: 'Ríos' });

/** Stands for the assessment remote's block. */
function FakeEvaluations({ studentId }: StudentEvaluationsProps) {
  return (
    <section aria-label="Bloque de evaluaciones">
      <p>Evaluaciones del estudiante {studentId}</p>
    </section>
  );
}

function api() {
  return stubApi((call) => {
    if (call.path === `/api/students/${student._id}`) return json({ ok: true, student });
    if (call.path === '/api/appointments') return json({ ok: true, appointments: [] });
    return undefined;
  });
}

async function renderDetail() {
  await renderScreen(<StudentDetailPage />, {
    route: `${BASE}/patients/${student._id}`,
    path: `${BASE}/patients/:id`,
  });
  await screen.findByRole('heading', { level: 1, name: 'Valentina Ríos' });
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the evaluations of the student detail', () => {
  it("shows the assessment remote's block for this student, loaded at run time", async () => {
    const loader = jest.fn(async () => FakeEvaluations as never);
    registerRemoteComponentLoader(loader);
    api();
    await renderDetail();
    const block = await screen.findByRole('region', { name: 'Bloque de evaluaciones' });
    expect(block).toHaveTextContent(`Evaluaciones del estudiante ${student._id}`);
    expect(loader).toHaveBeenCalledWith('assessment', 'StudentEvaluations');
  });

  it("keeps the section's title while the block loads", async () => {
    const arrival = deferred<never>();
    registerRemoteComponentLoader(() => arrival.promise);
    api();
    await renderDetail();
    const section = screen.getByRole('region', { name: MSG.assessment.historyTitle });
    expect(within(section).getByText(MSG.shell.moduleLoading)).toBeInTheDocument();
    arrival.resolve(FakeEvaluations as never);
    expect(
      await screen.findByRole('region', { name: 'Bloque de evaluaciones' }),
    ).toBeInTheDocument();
  });

  it('shows the Spanish fallback with "Reintentar" when the assessment remote is down', async () => {
    let up = false;
    registerRemoteComponentLoader(async () => {
      if (!up) throw new Error('remote down');
      return FakeEvaluations as never;
    });
    api();
    await renderDetail();
    const section = screen.getByRole('region', { name: MSG.assessment.historyTitle });
    expect(await within(section).findByText(MSG.shell.moduleUnavailable)).toBeInTheDocument();
    up = true;
    await userEvent.click(within(section).getByRole('button', { name: MSG.common.retry }));
    expect(
      await screen.findByRole('region', { name: 'Bloque de evaluaciones' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(MSG.shell.moduleUnavailable)).not.toBeInTheDocument();
  });
});

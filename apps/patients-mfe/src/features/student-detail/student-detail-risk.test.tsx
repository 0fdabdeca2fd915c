import { screen, within } from '@testing-library/react';
import { formatDate, MSG, type Student } from '@psicocampus/shared';
import { CLINICIAN_LEVEL_MSG } from '@psicocampus/shared/clinician-level';
import { stubApi } from '@psicocampus/shared/testing';
import { json, makeDetail } from '../../testing/fixtures';
import { BASE, renderScreen } from '../../testing/render';
import StudentDetailPage from './student-detail.page';

function renderDetail(student: Student) {
  stubApi((call) => {
    if (call.method === 'GET' && call.path === `/api/students/${student._id}`) {
      return json({ ok: true, student });
    }
    if (call.method === 'GET' && call.path === '/api/appointments') {
      return json({ ok: true, appointments: [] });
    }
    return undefined;
  });
  return renderScreen(<StudentDetailPage />, {
    route: `${BASE}/patients/${student._id}`,
    path: `${BASE}/patients/:id`,
  });
}

afterEach(() => {
  document.body.innerHTML = '';
});

/** The page's header: the h1 and what is around it. */
async function header(name: string) {
  const heading = await screen.findByRole('heading', { level: 1, name });
  return heading.closest('header')!;
}

describe("the student detail's header: the current level", () => {
  it("shows the latest assessment's level in words, with its date", async () => {
    const student = makeDetail({
      firstName: 'Valentina',
      lastName: 'Ríos',
      latestRisk: {
        assessmentId: 'e1',
        level: 'ALTO',
        assessedAt: '2026-03-10T15:45:00.000Z',
      },
    });
    await renderDetail(student);
    const top = await header('Valentina Ríos');
    expect(top).toHaveTextContent(MSG.currentRisk.label);
    expect(within(top).getByText(MSG.assessment.levels.ALTO)).toBeInTheDocument();
    expect(top).toHaveTextContent(formatDate('2026-03-10T15:45:00.000Z'));
    expect(top).not.toHaveTextContent(MSG.currentRisk.none);
    // The level opens the assessment it comes from (the assessment remote's `evaluacion/:id`).
    const link = within(top).getByRole('link', { name: /Alto/ });
    expect(link).toHaveAttribute('href', `${BASE}/evaluacion/e1`);
    expect(link).toHaveTextContent(formatDate('2026-03-10T15:45:00.000Z'));
  });

  it("shows the clinician's level beside the scale's when that assessment has one", async () => {
    const student = makeDetail({
      firstName: 'Valentina',
      lastName: 'Ríos',
      latestRisk: {
        assessmentId: 'e1',
        level: 'MUY_ALTO',
        assessedAt: '2026-03-10T15:45:00.000Z',
        clinicianLevel: 'ALTO',
      },
    });
    await renderDetail(student);
    const top = await header('Valentina Ríos');
    const link = within(top).getByRole('link', { name: /Muy alto/ });
    expect(link).toHaveTextContent(
      new RegExp(`${CLINICIAN_LEVEL_MSG.engineShort}\\W*${MSG.assessment.levels.MUY_ALTO}`),
    );
    expect(link).toHaveTextContent(
      new RegExp(`${CLINICIAN_LEVEL_MSG.clinicianShort}\\W*${MSG.assessment.levels.ALTO}`),
    );
  });

  it("says 'Sin evaluación' when the student has no assessment", async () => {
    const student = makeDetail({ firstName: 'Bruno', lastName: 'Nuevo', latestRisk: null });
    await renderDetail(student);
    const top = await header('Bruno Nuevo');
    expect(within(top).getByText(MSG.currentRisk.none)).toBeInTheDocument();
    expect(top.querySelector('time')).toBeNull();
    expect(within(top).queryByRole('link', { name: /evaluación/i })).toBeNull();
  });
});

import { screen, within } from '@testing-library/react';
import { formatDateTime, type Student } from '@psicocampus/shared';
import { SAFETY_PLAN_MSG } from '@psicocampus/shared/safety-plan';
import { stubApi } from '@psicocampus/shared/testing';
import { json, makeDetail } from '../../testing/fixtures';
import { BASE, renderScreen } from '../../testing/render';
import StudentDetailPage from './student-detail.page';

const P = SAFETY_PLAN_MSG;

async function planSection(student: Student) {
  stubApi((call) => {
    if (call.path === `/api/students/${student._id}`) return json({ ok: true, student });
    if (call.path === '/api/appointments') return json({ ok: true, appointments: [] });
    return undefined;
  });
  await renderScreen(<StudentDetailPage />, {
    route: `${BASE}/patients/${student._id}`,
    path: `${BASE}/patients/:id`,
  });
  return screen.findByRole('region', { name: P.title });
}

afterEach(() => {
  document.body.innerHTML = '';
});

/** A student with `safetyPlan` as the detail answers it. */
const withPlan = (
  overrides: Parameters<typeof makeDetail>[0],
  safetyPlan: Student['safetyPlan'],
): Student => ({ ...makeDetail(overrides), safetyPlan });

const high = { assessmentId: 'e1', level: 'MUY_ALTO' as const, assessedAt: '2026-11-01T10:00:00Z' };

describe("the student detail's 'Plan de seguridad'", () => {
  it('asks for a plan when the level in force is high and there is none, linking to its screen', async () => {
    const student = withPlan({ latestRisk: high }, null);
    const section = await planSection(student);
    expect(section).toHaveTextContent(P.needed('muy alto'));
    expect(section).toHaveTextContent(P.none);
    expect(within(section).getByRole('link', { name: P.create })).toHaveAttribute(
      'href',
      `${BASE}/patients/${student._id}/safety-plan`,
    );
  });

  it('shows the status, version and date of a draft, and still asks to complete it', async () => {
    const updatedAt = '2026-11-03T15:30:00.000Z';
    const section = await planSection(
      withPlan({ latestRisk: high }, { version: 2, status: 'draft', updatedAt }),
    );
    expect(section).toHaveTextContent(P.neededDraft('muy alto'));
    expect(section).toHaveTextContent(P.status.draft);
    expect(section).toHaveTextContent(`${P.labels.version}2`);
    expect(section).toHaveTextContent(formatDateTime(updatedAt));
    expect(within(section).getByRole('link', { name: P.edit })).toBeInTheDocument();
  });

  it('asks nothing once the plan is complete, or when the clinician’s level in force is not high', async () => {
    const complete = await planSection(
      withPlan(
        { latestRisk: high },
        { version: 3, status: 'complete', updatedAt: '2026-11-03T15:30:00.000Z' },
      ),
    );
    expect(complete).not.toHaveTextContent(P.needed('muy alto'));
    expect(complete).toHaveTextContent(P.status.complete);
    expect(within(complete).getByRole('link', { name: P.open })).toBeInTheDocument();
    document.body.innerHTML = '';

    const lowered = await planSection(
      withPlan({ latestRisk: { ...high, clinicianLevel: 'MODERADO' } }, null),
    );
    expect(lowered).not.toHaveTextContent('El nivel de riesgo vigente');
    expect(lowered).toHaveTextContent(P.none);
  });
});

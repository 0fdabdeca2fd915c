import { screen, within } from '@testing-library/react';
import { formatDateTimeIn, type Student } from '@psicocampus/shared';
import { FOLLOW_UP_MSG } from '@psicocampus/shared/follow-up';
import { stubApi } from '@psicocampus/shared/testing';
import { json, makeDetail } from '../../../testing/fixtures';
import { BASE, renderScreen } from '../../../testing/render';
import StudentDetailPage from '../student-detail.page';

const ZONE = 'America/Guayaquil';

function renderDetail(student: Student, history: Response) {
  stubApi((call) => {
    if (call.path === `/api/students/${student._id}`) return json({ ok: true, student });
    if (call.path === `/api/students/${student._id}/history`) return history;
    if (call.path === '/api/appointments') return json({ ok: true, appointments: [] });
    if (call.path === '/api/service') return json({ ok: true, service: { timeZone: ZONE } });
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

describe('"Historial de cambios" on the student detail (issue 19 §5)', () => {
  it('lists each change newest first, with when and by whom', async () => {
    const student = makeDetail();
    await renderDetail(
      student,
      json({
        ok: true,
        events: [
          {
            action: 'note.sign',
            label: 'Firma de una nota clínica',
            at: '2026-11-21T16:30:00.000Z',
            by: { firstName: 'Lucía', lastName: 'Fernández' },
          },
          {
            action: 'assessment.clinician_level',
            label: 'Registro del nivel clínico de una evaluación',
            at: '2026-11-20T15:00:00.000Z',
            by: null,
          },
        ],
      }),
    );
    const region = await screen.findByRole('region', { name: FOLLOW_UP_MSG.historyTitle });
    const items = await within(region).findAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      `${formatDateTimeIn('2026-11-21T16:30:00.000Z', ZONE)} Firma de una nota clínica por Lucía Fernández`,
      `${formatDateTimeIn('2026-11-20T15:00:00.000Z', ZONE)} Registro del nivel clínico de una evaluación por una cuenta eliminada`,
    ]);
  });

  it('says so when nothing has changed yet, or when it cannot be loaded', async () => {
    const student = makeDetail();
    await renderDetail(student, json({ ok: true, events: [] }));
    const region = await screen.findByRole('region', { name: FOLLOW_UP_MSG.historyTitle });
    expect(await within(region).findByText(FOLLOW_UP_MSG.historyEmpty)).toBeInTheDocument();
    document.body.innerHTML = '';
    await renderDetail(student, json({ ok: false, msg: 'Error' }, 500));
    expect(await screen.findByText(FOLLOW_UP_MSG.historyError)).toBeInTheDocument();
  });
});

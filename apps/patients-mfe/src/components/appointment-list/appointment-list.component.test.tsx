import { screen } from '@testing-library/react';
import { stubApi } from '@psicocampus/shared/testing';
import { json, makeAppointment } from '../../testing/fixtures';
import { BASE, renderScreen } from '../../testing/render';
import { AppointmentList } from './appointment-list.component';

const HOUR_MS = 3_600_000;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a list of appointments', () => {
  it('flags one that ended still "Programada" as without its attendance recorded', async () => {
    stubApi((call) =>
      call.path === '/api/service'
        ? json({ ok: true, service: { timeZone: 'America/Guayaquil' } })
        : undefined,
    );
    const now = Date.now();
    const ended = makeAppointment({
      date: new Date(now - 3 * HOUR_MS).toISOString(),
      reason: 'Terminó sin registrar',
    });
    const attended = makeAppointment({
      date: new Date(now - 5 * HOUR_MS).toISOString(),
      reason: 'Ya registrada',
      status: 'ATTENDED',
    });
    const upcoming = makeAppointment({
      date: new Date(now + 3 * HOUR_MS).toISOString(),
      reason: 'Por venir',
    });
    await renderScreen(
      <AppointmentList appointments={[ended, attended, upcoming]} empty="Ninguna" />,
      { route: BASE, path: BASE },
    );
    const [first, second, third] = screen.getAllByRole('listitem');
    expect(first).toHaveTextContent('Programada · Sin registrar asistencia');
    expect(second).toHaveTextContent('Asistió');
    expect(second).not.toHaveTextContent('Sin registrar');
    expect(third).toHaveTextContent('Programada');
    expect(third).not.toHaveTextContent('Sin registrar');
  });
});

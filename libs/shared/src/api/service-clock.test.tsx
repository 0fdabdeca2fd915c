import { screen } from '@testing-library/react';
import {
  BROWSER_TIME_ZONE,
  formatDateTime,
  setServiceTimeZone,
  type SessionUser,
} from '@psicocampus/shared/domain';
import { deferred, renderWithApp, stubApi } from '../testing';
import { ServiceClockGate } from './service-clock';

const user: SessionUser = {
  id: 'u-1',
  role: 'PSYCHOLOGIST',
  firstName: 'Lucía',
  lastName: 'Fernández',
  email: 'psicologa@psicocampus.test',
};
const session = { token: 't-1', user };
// 23:30 UTC on 31 December: another day, and another year, on some clocks.
const INSTANT = '2026-12-31T23:30:00.000Z';
/** The service's zone: never this machine's, so the test means something wherever it runs. */
const SERVICE_ZONE =
  BROWSER_TIME_ZONE === 'Pacific/Kiritimati' ? 'Asia/Tokyo' : 'Pacific/Kiritimati';
const onClock = (zone: string) =>
  new Intl.DateTimeFormat('es', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: zone,
  }).format(new Date(INSTANT));

/** What a screen behind the gate shows: a time, formatted as every screen formats it. */
function Shown() {
  return <p data-testid="shown">{formatDateTime(INSTANT)}</p>;
}

function renderGated() {
  return renderWithApp(
    <ServiceClockGate fallback={<p>Cargando…</p>}>
      <Shown />
    </ServiceClockGate>,
    { session },
  );
}

afterEach(() => {
  setServiceTimeZone(null);
  document.body.innerHTML = '';
});

describe("the service's clock in the page (docs/decisions.md#one-clock)", () => {
  it('shows the screens only once the server said its zone, and then every time on that clock', async () => {
    const answer = deferred<Response>();
    const calls = stubApi((call) => (call.path === '/api/service' ? answer.promise : undefined));
    await renderGated();
    expect(screen.getByText('Cargando…')).toBeInTheDocument();
    expect(screen.queryByTestId('shown')).not.toBeInTheDocument();

    answer.resolve(Response.json({ ok: true, service: { timeZone: SERVICE_ZONE } }));
    expect(await screen.findByTestId('shown')).toHaveTextContent(onClock(SERVICE_ZONE));
    expect(onClock(SERVICE_ZONE)).not.toBe(onClock(BROWSER_TIME_ZONE));
    expect(calls.filter((call) => call.path === '/api/service')).toHaveLength(1);
  });

  it("falls back to the browser's zone when the server cannot say its own", async () => {
    stubApi((call) =>
      call.path === '/api/service' ? new Response('', { status: 500 }) : undefined,
    );
    await renderGated();
    expect(await screen.findByTestId('shown')).toHaveTextContent(onClock(BROWSER_TIME_ZONE));
  });

  it('does not wait again once the zone is known', async () => {
    setServiceTimeZone(SERVICE_ZONE);
    stubApi(() => new Promise<Response>(() => undefined));
    await renderGated();
    expect(screen.getByTestId('shown')).toHaveTextContent(onClock(SERVICE_ZONE));
  });
});

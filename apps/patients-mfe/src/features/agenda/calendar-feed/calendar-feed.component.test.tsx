import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { json } from '../../../testing/fixtures';
import { alertDialog, answerAlert, BASE, renderScreen } from '../../../testing/render';
import { CalendarFeedButton } from './calendar-feed.component';

const URL_ONE =
  'https://psicocampus.test/api/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics';
const URL_TWO =
  'https://psicocampus.test/api/calendar/BBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB.ics';

/** A server with one psychologist's feed, as the calls change it. */
function feedServer(initial: { exists: boolean; showNames: boolean }) {
  let feed = { ...initial };
  const urls = [URL_ONE, URL_TWO];
  const calls = stubApi((call: RecordedCall) => {
    if (call.path !== '/api/calendar/feed') return undefined;
    if (call.method === 'GET') return json({ ok: true, feed });
    if (call.method === 'POST') {
      feed = { exists: true, showNames: (call.body as { showNames: boolean }).showNames };
      return json({ ok: true, msg: 'Enlace creado', feed, url: urls.shift() }, 201);
    }
    if (call.method === 'PUT') {
      feed = { ...feed, showNames: (call.body as { showNames: boolean }).showNames };
      return json({ ok: true, msg: 'Guardado', feed });
    }
    if (call.method === 'DELETE') {
      feed = { exists: false, showNames: false };
      return json({ ok: true, msg: 'Enlace de calendario revocado', feed });
    }
    return undefined;
  });
  return { calls, writes: () => calls.filter((call) => call.method !== 'GET') };
}

async function openPanel() {
  await renderScreen(<CalendarFeedButton />, { route: `${BASE}/agenda`, path: `${BASE}/agenda` });
  await userEvent.click(screen.getByRole('button', { name: 'Suscribirse desde tu calendario' }));
  return screen.findByRole('dialog', { name: 'Suscribirse desde tu calendario' });
}

describe('the calendar feed panel', () => {
  it('creates a link with the names shown when asked, shows it once and copies it', async () => {
    const user = userEvent;
    const writeText = jest.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const server = feedServer({ exists: false, showNames: false });
    const dialog = await openPanel();
    expect(await within(dialog).findByText('Aún no tienes un enlace de calendario.')).toBeVisible();
    const names = within(dialog).getByRole('checkbox', {
      name: 'Mostrar el nombre del estudiante en cada cita',
    });
    expect(names).not.toBeChecked();
    await user.click(names);
    expect(server.writes()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Crear enlace' }));
    const link = await within(dialog).findByRole('textbox', { name: 'Enlace de tu calendario' });
    expect(link).toHaveValue(URL_ONE);
    expect(server.writes()).toEqual([
      expect.objectContaining({ method: 'POST', body: { showNames: true } }),
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Copiar enlace' }));
    expect(await within(dialog).findByText('Enlace copiado')).toBeVisible();
    expect(writeText).toHaveBeenCalledWith(URL_ONE);
  });

  it('asks before replacing an existing link, and replaces it only when confirmed', async () => {
    const server = feedServer({ exists: true, showNames: false });
    const dialog = await openPanel();
    const renew = await within(dialog).findByRole('button', { name: 'Crear un enlace nuevo' });
    expect(within(dialog).queryByRole('textbox')).toBeNull();

    await userEvent.click(renew);
    expect(await alertDialog()).toHaveTextContent('¿Crear un enlace nuevo?');
    await answerAlert('Cancelar');
    expect(server.writes()).toEqual([]);

    await userEvent.click(renew);
    await answerAlert('Crear enlace nuevo');
    expect(await within(dialog).findByRole('textbox')).toHaveValue(URL_ONE);
    expect(server.writes()).toEqual([expect.objectContaining({ method: 'POST' })]);
  });

  it('saves the names choice of an existing link at once', async () => {
    const server = feedServer({ exists: true, showNames: false });
    const dialog = await openPanel();
    const names = await within(dialog).findByRole('checkbox');
    await userEvent.click(names);
    await waitFor(() => expect(names).toBeChecked());
    expect(server.writes()).toEqual([
      expect.objectContaining({ method: 'PUT', body: { showNames: true } }),
    ]);
  });

  it('revokes the link after confirmation', async () => {
    const server = feedServer({ exists: true, showNames: true });
    const dialog = await openPanel();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'Revocar enlace' }));
    expect(await alertDialog()).toHaveTextContent('¿Revocar el enlace?');
    await answerAlert('Sí, revocar');
    expect(await alertDialog()).toHaveTextContent('Enlace de calendario revocado');
    await answerAlert();
    expect(server.writes()).toEqual([expect.objectContaining({ method: 'DELETE' })]);
    expect(await within(dialog).findByText('Aún no tienes un enlace de calendario.')).toBeVisible();
    expect(within(dialog).queryByRole('button', { name: 'Revocar enlace' })).toBeNull();
  });
});

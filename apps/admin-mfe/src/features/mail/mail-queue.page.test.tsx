import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { formatDateTime } from '@psicocampus/shared';
import { MAIL_TEXTS, type QueuedMailView } from '@psicocampus/shared/mail';
import { stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import { json } from '../../testing/fixtures';
import { renderScreen } from '../../testing/render';
import MailQueuePage from './mail-queue.page';

const T = MAIL_TEXTS;

function makeMail(overrides: Partial<QueuedMailView>): QueuedMailView {
  return {
    _id: '11111111-0000-4000-8000-000000000001',
    kind: 'invite',
    to: 'ines.paredes@psicocampus.test',
    subject: 'Te damos la bienvenida a PsicoCampus',
    status: 'sent',
    attempts: 1,
    lastError: null,
    createdAt: '2026-11-24T08:00:00.000Z',
    nextAttemptAt: null,
    sentAt: '2026-11-24T08:00:02.000Z',
    ...overrides,
  };
}

const sent = makeMail({});
const waiting = makeMail({
  _id: '11111111-0000-4000-8000-000000000002',
  to: 'tomas.rivas@psicocampus.test',
  kind: 'reset',
  subject: 'Restablece tu contraseña de PsicoCampus',
  status: 'queued',
  attempts: 2,
  lastError: '421 Servicio no disponible',
  createdAt: '2026-11-24T08:10:00.000Z',
  nextAttemptAt: '2026-11-24T08:14:00.000Z',
  sentAt: null,
});
const failed = makeMail({
  _id: '11111111-0000-4000-8000-000000000003',
  to: 'renata.salas@psicocampus.test',
  status: 'failed',
  attempts: 8,
  lastError: 'ECONNREFUSED: connect ECONNREFUSED 10.0.0.5:587',
  createdAt: '2026-11-23T20:00:00.000Z',
  nextAttemptAt: null,
  sentAt: null,
});

/** The mail API: the list (filtered by status as the server does) and the retry's answer. */
function mailApi(retryAnswer: () => Response) {
  return stubApi((call) => {
    if (call.method === 'POST' && call.path === `/api/mail/${failed._id}/retry`) {
      return retryAnswer();
    }
    if (call.path !== '/api/mail') return undefined;
    const status = new URLSearchParams(call.search).get('status');
    const mails = [waiting, sent, failed].filter((mail) => !status || mail.status === status);
    return json({ ok: true, mails, total: mails.length, page: 1, pageSize: 50 });
  });
}

const listCalls = (calls: RecordedCall[]) =>
  calls
    .filter((call) => call.path === '/api/mail')
    .map((call) => new URLSearchParams(call.search).get('status'));

function rowOf(address: string): HTMLElement {
  const table = screen.getByRole('table', { name: T.title });
  return within(table).getByText(address).closest('tr')!;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("'Correos'", () => {
  it('shows what became of each mail, in Spanish, with its tries, error and dates', async () => {
    mailApi(() => json({}));
    await renderScreen(<MailQueuePage />, 'mail');
    expect(screen.getByRole('heading', { level: 1, name: 'Correos' })).toBeInTheDocument();
    await screen.findByRole('table', { name: T.title });

    const sentRow = rowOf(sent.to);
    expect(sentRow).toHaveTextContent('Enviado');
    expect(sentRow).toHaveTextContent('Invitación');
    expect(sentRow).toHaveTextContent(formatDateTime(sent.sentAt!));

    const waitingRow = rowOf(waiting.to);
    expect(waitingRow).toHaveTextContent('En cola');
    expect(waitingRow).toHaveTextContent('Enlace de contraseña');
    expect(waitingRow).toHaveTextContent('2 intentos');
    expect(waitingRow).toHaveTextContent('421 Servicio no disponible');
    expect(waitingRow).toHaveTextContent(formatDateTime(waiting.nextAttemptAt!));

    const failedRow = rowOf(failed.to);
    expect(failedRow).toHaveTextContent('Falló tras 8 intentos');
    expect(failedRow).toHaveTextContent('ECONNREFUSED');

    // Only a failed mail can be retried.
    expect(within(failedRow).getByRole('button', { name: T.retryLabel(failed.to) })).toBeEnabled();
    expect(within(sentRow).queryByRole('button')).toBeNull();
    expect(within(waitingRow).queryByRole('button')).toBeNull();
  });

  it('filters by status', async () => {
    const calls = mailApi(() => json({}));
    await renderScreen(<MailQueuePage />, 'mail');
    await screen.findByRole('table', { name: T.title });
    await userEvent.selectOptions(screen.getByLabelText(T.statusFilter), 'Fallidos');
    await waitFor(() => expect(rowOf(failed.to)).toHaveTextContent('Falló tras 8 intentos'));
    expect(screen.queryByText(sent.to)).toBeNull();
    expect(listCalls(calls)).toEqual([null, 'failed']);
  });

  it('retries a failed mail and says that it left', async () => {
    const calls = mailApi(() =>
      json({ ok: true, msg: 'Correo enviado.', mail: { id: failed._id, status: 'sent' } }),
    );
    await renderScreen(<MailQueuePage />, 'mail');
    await screen.findByRole('table', { name: T.title });
    await userEvent.click(screen.getByRole('button', { name: T.retryLabel(failed.to) }));
    // Announced politely, as a result (not an error).
    expect((await screen.findByText('Correo enviado.')).closest('[role="status"]')).not.toBeNull();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual([
      `/api/mail/${failed._id}/retry`,
    ]);
    // The list is read again, to show the mail's new state.
    await waitFor(() => expect(listCalls(calls)).toHaveLength(2));
  });

  it('says so when the retried mail still could not leave', async () => {
    const text =
      'El correo volvió a la cola, pero aún no ha salido: se reintentará en unos minutos.';
    mailApi(() => json({ ok: true, msg: text, mail: { id: failed._id, status: 'queued' } }));
    await renderScreen(<MailQueuePage />, 'mail');
    await screen.findByRole('table', { name: T.title });
    await userEvent.click(screen.getByRole('button', { name: T.retryLabel(failed.to) }));
    expect((await screen.findByText(text)).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText('Correo enviado.')).toBeNull();
  });
});

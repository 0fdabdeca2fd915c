import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { renderWithApp, stubApi, type RecordedCall } from '@psicocampus/shared/testing';
import ConfirmEmailPage from './confirm-email.page';

const VALID = 'C'.repeat(43);
const NEW = 'lucia.nueva@psicocampus.test';

function confirmApi(confirmAnswer?: (call: RecordedCall) => Response) {
  return stubApi((call) => {
    const token = (call.body as { token?: string } | undefined)?.token;
    if (call.path === '/api/auth/email-change/check') {
      return token === VALID
        ? Response.json({ ok: true, newEmail: NEW, firstName: 'Lucía' })
        : Response.json({ ok: false, msg: MSG.emailChange.linkInvalid }, { status: 400 });
    }
    if (call.path === '/api/auth/email-change/confirm') {
      return (
        confirmAnswer?.(call) ??
        Response.json({ ok: true, msg: MSG.emailChange.confirmed(NEW), email: NEW })
      );
    }
    return undefined;
  });
}

const renderConfirm = (token: string) =>
  renderWithApp(<ConfirmEmailPage />, {
    route: `/confirm-email/${token}`,
    path: '/confirm-email/:token',
  });

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the e-mail confirmation page (docs/decisions.md#e-mail-changes-and-assignments)', () => {
  it('names the new address and confirms only when the button is pressed', async () => {
    const calls = confirmApi();
    await renderConfirm(VALID);
    expect(await screen.findByText(MSG.emailChange.confirmIntro(NEW))).toBeInTheDocument();
    // Opening the link (a mail scanner does) confirms nothing.
    expect(calls.map((call) => call.path)).toEqual(['/api/auth/email-change/check']);

    await userEvent.click(screen.getByRole('button', { name: MSG.emailChange.confirmButton }));
    expect(await screen.findByRole('status')).toHaveTextContent(MSG.emailChange.confirmed(NEW));
    expect(calls.find((call) => call.path === '/api/auth/email-change/confirm')?.body).toEqual({
      token: VALID,
    });
    expect(
      screen.queryByRole('button', { name: MSG.emailChange.confirmButton }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: MSG.emailChange.goToLogin })).toHaveAttribute(
      'href',
      '/login',
    );
  });

  it('says a used or expired link is no longer valid, with no button', async () => {
    const calls = confirmApi();
    await renderConfirm('ya-usado');
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.emailChange.linkInvalid);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(calls.filter((call) => call.path === '/api/auth/email-change/confirm')).toHaveLength(0);
  });

  it('turns to the invalid-link message when the link dies before the button is pressed', async () => {
    confirmApi(() =>
      Response.json({ ok: false, msg: MSG.emailChange.linkInvalid }, { status: 400 }),
    );
    await renderConfirm(VALID);
    await userEvent.click(
      await screen.findByRole('button', { name: MSG.emailChange.confirmButton }),
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.emailChange.linkInvalid);
  });

  it("shows the server's message when the address was taken meanwhile", async () => {
    confirmApi(() =>
      Response.json({ ok: false, msg: MSG.emailChange.emailTaken }, { status: 409 }),
    );
    await renderConfirm(VALID);
    await userEvent.click(
      await screen.findByRole('button', { name: MSG.emailChange.confirmButton }),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent(MSG.emailChange.emailTaken),
    );
    // The link still stands: the person may try again once the address is free.
    expect(screen.getByRole('button', { name: MSG.emailChange.confirmButton })).toBeEnabled();
  });
});

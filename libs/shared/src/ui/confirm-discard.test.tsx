import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared/domain';
import { closeAfterAsking } from './confirm-discard';

afterEach(async () => {
  (await import('sweetalert2')).default.close();
});

describe("asking before a form's text is thrown away", () => {
  it('closes at once when nothing was typed', async () => {
    const close = jest.fn();
    await closeAfterAsking(() => false, close)();
    expect(close).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(MSG.drafts.discardTitle)).not.toBeInTheDocument();
  });

  it("asks '¿Descartar los cambios?' and closes on 'Sí, descartar'", async () => {
    const close = jest.fn();
    const asking = closeAfterAsking(() => true, close)();
    expect(await screen.findByText(MSG.drafts.discardTitle)).toBeInTheDocument();
    expect(close).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: MSG.drafts.discardConfirm }));
    await asking;
    expect(close).toHaveBeenCalledTimes(1);
  });

  it("keeps the form open when the answer is 'Cancelar'", async () => {
    const close = jest.fn();
    const asking = closeAfterAsking(() => true, close)();
    await userEvent.click(await screen.findByRole('button', { name: MSG.common.cancel }));
    await asking;
    expect(close).not.toHaveBeenCalled();
  });
});

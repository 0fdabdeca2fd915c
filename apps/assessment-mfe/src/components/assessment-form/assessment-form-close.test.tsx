import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared';
import { renderWithApp, stubApi } from '@psicocampus/shared/testing';
import { STUDENT_ID } from '../../testing/fixtures';
import { answer, closeDialog, dialogTitled, question } from '../../testing/form-driver';
import { remarksBox, renderForm, savedForm, STUDENT_NAME } from '../../testing/saving-driver';
import AssessmentForm from './assessment-form.component';

const M = MSG.assessment;

afterEach(() => {
  document.body.innerHTML = '';
});

describe('closing the form', () => {
  it("closes an untouched form at once with 'Cancelar'", async () => {
    stubApi(() => undefined);
    const onClose = jest.fn();
    const user = await renderForm({ onClose });
    await user.click(screen.getByRole('button', { name: MSG.common.cancel }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks before discarding a started form, and keeps every answer when told no', async () => {
    stubApi(() => undefined);
    const onClose = jest.fn();
    const user = await renderForm({ onClose });
    await answer(user, 'deathWish', 'Sí', 'Lo dijo al llegar');
    await user.click(screen.getByRole('button', { name: MSG.common.cancel }));

    await closeDialog(user, await dialogTitled(MSG.drafts.discardTitle), MSG.common.cancel);
    expect(onClose).not.toHaveBeenCalled();
    expect(within(question('deathWish')).getByLabelText(/Descripción/)).toHaveValue(
      'Lo dijo al llegar',
    );
  });

  it("discards a started form when the answer is 'Sí, descartar'", async () => {
    stubApi(() => undefined);
    const onClose = jest.fn();
    const user = await renderForm({ onClose });
    await answer(user, 'deathWish', 'No');
    await user.click(screen.getByRole('button', { name: MSG.common.cancel }));

    await closeDialog(user, await dialogTitled(MSG.drafts.discardTitle), 'Sí, descartar');
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("after saving, 'Cerrar' asks while typed final remarks are not saved, and keeps them", async () => {
    const onClose = jest.fn();
    const { user } = await savedForm({ onClose });
    await user.type(remarksBox(), 'Pendiente');
    await user.click(screen.getByRole('button', { name: M.close }));

    await closeDialog(user, await dialogTitled(MSG.drafts.discardTitle), MSG.common.cancel);
    expect(onClose).not.toHaveBeenCalled();
    expect(remarksBox()).toHaveValue('Pendiente');
  });

  it("after saving, 'Cerrar' closes at once once the final remarks are saved", async () => {
    const onClose = jest.fn();
    const { user } = await savedForm({ onClose });
    await user.type(remarksBox(), 'Pendiente');
    await user.click(screen.getByRole('button', { name: M.saveFinalRemarks }));
    await closeDialog(user, await dialogTitled(M.finalRemarksSaved));

    await user.click(screen.getByRole('button', { name: M.close }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('tells the opener whether something is unsaved', async () => {
    stubApi(() => undefined);
    const onUnsavedChange = jest.fn();
    await renderWithApp(
      <AssessmentForm
        studentId={STUDENT_ID}
        onClose={jest.fn()}
        onUnsavedChange={onUnsavedChange}
      />,
    );
    expect(onUnsavedChange).toHaveBeenLastCalledWith(false);
    await answer(userEvent.setup(), 'deathWish', 'No');
    expect(onUnsavedChange).toHaveBeenLastCalledWith(true);
  });

  it('shows whom the assessment is for', async () => {
    stubApi(() => undefined);
    await renderForm();
    expect(screen.getByText(STUDENT_NAME)).toBeInTheDocument();
  });
});

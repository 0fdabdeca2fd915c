import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MSG } from '@psicocampus/shared';
import { useDraft } from '@psicocampus/shared/forms';
import { alertDialog, answerAlert, BASE, Landing, landing, renderScreen } from '../testing/render';
import { useDraftModalGuard } from './use-draft-modal-guard';

/** A modal's form with a draft, as the list's 'Agregar Estudiante' and 'Agendar' keep one. */
function ModalForm() {
  const [text, setText] = useState('');
  const draft = useDraft('test:modal', { text: '' });
  const { onChangedChange } = useDraftModalGuard(draft, () => undefined);
  return (
    <>
      <label>
        Motivo
        <input
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            onChangedChange(event.target.value !== '');
          }}
        />
      </label>
      <Link to={`${BASE}/agenda`}>Agenda</Link>
    </>
  );
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('a modal that keeps a draft (docs/screens-and-routes.md#leaving-a-form)', () => {
  it("asks '¿Descartar los cambios?' before the screen is left with its text", async () => {
    const { location } = await renderScreen(<ModalForm />, {
      route: `${BASE}/patients`,
      path: `${BASE}/patients`,
      otherRoutes: [{ path: `${BASE}/agenda`, element: <Landing name="agenda" /> }],
    });
    await userEvent.type(screen.getByLabelText('Motivo'), 'Seguimiento');
    await userEvent.click(screen.getByRole('link', { name: 'Agenda' }));
    expect(await alertDialog()).toHaveTextContent(MSG.drafts.discardTitle);
    await answerAlert(MSG.common.cancel);
    expect(location()).toBe(`${BASE}/patients`);

    await userEvent.click(screen.getByRole('link', { name: 'Agenda' }));
    await answerAlert(MSG.drafts.discardConfirm);
    expect(await landing()).toBe(`agenda ${BASE}/agenda`);
  });
});

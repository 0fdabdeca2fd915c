import { fireEvent, render, screen } from '@testing-library/react';
import { Formik } from 'formik';
import { MSG } from '@psicocampus/shared/domain';
import { PasswordField, TextField } from './form-fields.component';

const WARNING = `⇪ ${MSG.auth.capsLock}`;

function renderFields() {
  render(
    <Formik initialValues={{ password: '', email: '' }} onSubmit={() => {}}>
      <form>
        <PasswordField name="password" label="Contraseña" autoComplete="current-password" />
        <TextField name="email" label="Correo" />
      </form>
    </Formik>,
  );
  return screen.getByLabelText('Contraseña');
}

describe('the Caps Lock line', () => {
  it('keeps its place while Caps Lock is off, so the warning moves nothing below it', () => {
    const input = renderFields();
    const line = input.closest('div')!.parentElement!.querySelector('[role="status"]');
    expect(line).toBeInTheDocument();
    expect(line).toBeEmptyDOMElement();

    fireEvent.keyDown(input, { key: 'A', modifierCapsLock: true });
    // The same element, filled: nothing was inserted above what follows.
    expect(screen.getByText(WARNING)).toBe(line);
    expect(input).toHaveAttribute('aria-describedby', expect.stringContaining(line!.id));

    fireEvent.keyUp(input, { key: 'CapsLock', modifierCapsLock: false });
    expect(line).toBeInTheDocument();
    expect(line).toBeEmptyDOMElement();
    expect(input.getAttribute('aria-describedby') ?? '').not.toContain(line!.id);
  });

  it('takes no line under a field that does not warn about Caps Lock', () => {
    renderFields();
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });
});

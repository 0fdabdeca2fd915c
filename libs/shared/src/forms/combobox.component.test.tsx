import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Combobox, type ComboboxOption } from './combobox.component';
import { Modal } from '@psicocampus/shared/ui';

const PEOPLE: ComboboxOption[] = [
  { value: 'a', label: 'Ana Torres', description: 'ana@uni.test' },
  { value: 'b', label: 'Beto Sanz', description: 'beto@uni.test' },
  { value: 'c', label: 'Bruno Díaz', description: 'bruno@uni.test' },
];

/** A combobox whose matches are found at once, as the server's search would find them. */
function Harness(props: { onChosen?: (value: string) => void; onClose?: () => void }) {
  const [text, setText] = useState('');
  const [value, setValue] = useState('');
  const options = PEOPLE.filter((option) =>
    option.label.toLowerCase().includes(text.toLowerCase()),
  );
  return (
    <Modal open title="Nueva cita" onClose={props.onClose ?? (() => undefined)}>
      <Combobox
        label="Estudiante"
        required
        inputValue={text}
        onInputChange={(next) => {
          setText(next);
          setValue('');
        }}
        options={options}
        value={value}
        onSelect={(option) => {
          setValue(option.value);
          setText(option.label);
          props.onChosen?.(option.value);
        }}
        loading={false}
        loadingText="Buscando..."
        emptyText={`Ningún estudiante coincide con «${text}».`}
        countText={(count) => `${count} estudiantes`}
      />
      <button type="button">Guardar</button>
    </Modal>
  );
}

const box = () => screen.getByRole('combobox', { name: /Estudiante/ });

describe('Combobox', () => {
  it('is a combobox that controls a list of the matches, and says how many', async () => {
    render(<Harness />);
    expect(box()).toHaveAttribute('aria-autocomplete', 'list');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    await userEvent.type(box(), 'b');
    expect(box()).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('listbox', { name: /Estudiante/ });
    expect(box()).toHaveAttribute('aria-controls', list.id);
    expect(
      within(list)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Beto Sanzbeto@uni.test', 'Bruno Díazbruno@uni.test']);
    expect(screen.getByRole('status')).toHaveTextContent('2 estudiantes');
  });

  it('moves with the arrows, keeping the focus in the box, and chooses with Enter', async () => {
    const onChosen = jest.fn();
    render(<Harness onChosen={onChosen} />);
    await userEvent.type(box(), 'b');
    await userEvent.keyboard('{ArrowDown}{ArrowDown}');
    const bruno = screen.getByRole('option', { name: /Bruno Díaz/ });
    expect(box()).toHaveFocus();
    expect(box()).toHaveAttribute('aria-activedescendant', bruno.id);
    // Past the last, back to the first.
    await userEvent.keyboard('{ArrowDown}');
    expect(box()).toHaveAttribute(
      'aria-activedescendant',
      screen.getByRole('option', { name: /Beto Sanz/ }).id,
    );
    await userEvent.keyboard('{ArrowUp}{Enter}');
    expect(onChosen).toHaveBeenCalledWith('c');
    expect(box()).toHaveValue('Bruno Díaz');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).not.toHaveAttribute('aria-activedescendant');
    // Opened again, the chosen one is marked.
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('option', { name: /Bruno Díaz/ })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });

  it('chooses with a click, and the focus stays in the box', async () => {
    const onChosen = jest.fn();
    render(<Harness onChosen={onChosen} />);
    await userEvent.click(box());
    await userEvent.click(screen.getByRole('option', { name: /Ana Torres/ }));
    expect(onChosen).toHaveBeenCalledWith('a');
    expect(box()).toHaveValue('Ana Torres');
    expect(box()).toHaveFocus();
  });

  it('says when nothing matches, where it can be seen', async () => {
    render(<Harness />);
    await userEvent.type(box(), 'zz');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('status')).toHaveTextContent('Ningún estudiante coincide con «zz».');
    expect(screen.getByText('Ningún estudiante coincide con «zz».')).toBeVisible();
  });

  it('closes the list with Escape, then clears the box, before Escape closes the dialog', async () => {
    const onClose = jest.fn();
    render(<Harness onClose={onClose} />);
    await userEvent.type(box(), 'be');
    await userEvent.keyboard('{Escape}');
    expect(box()).toHaveAttribute('aria-expanded', 'false');
    expect(box()).toHaveValue('be');
    await userEvent.keyboard('{Escape}');
    expect(box()).toHaveValue('');
    expect(onClose).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalled();
  });

  it('keeps Enter for the form while no option is moved to', async () => {
    const onChosen = jest.fn();
    render(<Harness onChosen={onChosen} />);
    await userEvent.type(box(), 'Ana{Enter}');
    expect(onChosen).not.toHaveBeenCalled();
  });
});

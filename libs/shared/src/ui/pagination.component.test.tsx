import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared/domain';
import { pageCount, Pagination } from './pagination.component';

describe('Pagination', () => {
  it('counts pages, one at least', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it("says where it is and moves with 'Anterior' and 'Siguiente'", async () => {
    const onPageChange = jest.fn();
    render(
      <Pagination
        page={2}
        pageSize={10}
        total={25}
        onPageChange={onPageChange}
        label="Páginas"
        totalText="25 entradas"
      />,
    );
    expect(screen.getByRole('navigation', { name: 'Páginas' })).toHaveTextContent(
      'Página 2 de 3 · 25 entradas',
    );
    await userEvent.click(screen.getByRole('button', { name: new RegExp(MSG.audit.next) }));
    await userEvent.click(screen.getByRole('button', { name: new RegExp(MSG.audit.previous) }));
    expect(onPageChange.mock.calls).toEqual([[3], [1]]);
  });

  it('disables what leads nowhere', () => {
    render(<Pagination page={1} pageSize={10} total={5} onPageChange={() => {}} label="Páginas" />);
    expect(screen.getByRole('button', { name: /Anterior/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Siguiente/ })).toBeDisabled();
  });
});

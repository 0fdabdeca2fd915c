import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@psicocampus/shared/domain';
import { TermsModal } from './terms-modal.component';

describe('the Terms modal', () => {
  it('scrolls its text in a named region the keyboard reaches (axe: scrollable-region-focusable)', async () => {
    render(<TermsModal open onClose={() => {}} />);
    const dialog = screen.getByRole('dialog', { name: MSG.auth.termsTitle });
    const text = within(dialog).getByRole('region', { name: MSG.layoutA11y.termsText });
    expect(text).toHaveAttribute('tabindex', '0');
    expect(await within(text).findAllByRole('heading', { level: 3 })).toHaveLength(5);

    // Tab from the close button reaches the text before the footer's button.
    within(dialog).getByRole('button', { name: MSG.common.closeDialog }).focus();
    await userEvent.tab();
    expect(text).toHaveFocus();
  });
});

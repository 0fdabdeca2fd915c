import { render, screen } from '@testing-library/react';
import { EmailAddress } from './email-address.component';

describe('EmailAddress', () => {
  it('reads whole, and may break only after its @ and before its dots, never inside a word', () => {
    const { container } = render(
      <p>
        <EmailAddress address="maximiliano.villavicencio@estudiantes.psicocampus.test" />
      </p>,
    );
    const address = screen.getByText('maximiliano.villavicencio@estudiantes.psicocampus.test');
    expect(address.parentElement).toBe(container.firstElementChild);
    // A break opportunity after the @ and before each dot, and nowhere else.
    const parts = [...address.childNodes].map((node) =>
      node.nodeName === 'WBR' ? '|' : node.textContent,
    );
    expect(parts.join('')).toBe('maximiliano|.villavicencio@|estudiantes|.psicocampus|.test');
  });

  it('leaves an address without separators as it is', () => {
    const { container } = render(<EmailAddress address="nadie" />);
    expect(container.textContent).toBe('nadie');
    expect(container.querySelector('wbr')).toBeNull();
  });
});

// An e-mail address in a staff list's cell wraps after its '@' and before its dots, never inside a word.
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { emailText } from '../../src/lists/row-cells';

describe('emailText', () => {
  it("offers a line break after the '@' and before each dot, the address read whole", () => {
    const { container } = render(<p>{emailText('carlos.garcia@example.com.mx')}</p>);
    expect(container.querySelector('p')!.innerHTML).toBe('carlos<wbr>.garcia@<wbr>example<wbr>.com<wbr>.mx');
    expect(container.textContent).toBe('carlos.garcia@example.com.mx');
  });

  it('shows the blank dash, heard as Sin dato, for no address', () => {
    const { container } = render(<p>{emailText(null)}</p>);
    expect(container.textContent).toBe('—Sin dato');
  });
});

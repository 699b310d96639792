// A text field's length limit: an edit past it is cut by the browser, and the field says so under it,
// in its live region, until the next edit that fits.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-final-form';
import { describe, expect, it } from 'vitest';
import { COMMENTS_MAX, NAME_MAX } from '../../forms/limits';
import { TextAreaField } from '../../src/components/fields/text-area-field';
import { TextField } from '../../src/components/fields/text-field';
import { renderForm } from './support/render-form';

/** A button that sets a field's value without an edit, as an OCR fill or a copied address does. */
function SetValue({ name, value }: { name: string; value: string }) {
  const form = useForm();
  return (
    <button type="button" onClick={() => form.change(name, value)}>
      Llenar
    </button>
  );
}

const description = (input: HTMLElement) => document.getElementById(input.getAttribute('aria-describedby')!)!;

describe('a text cut at its length limit', () => {
  it('says so under a text field after a paste, announced, and goes once an edit fits', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<TextField name="empleo.empresa_nombre" label="Empresa" uppercase maxLength={NAME_MAX} />);
    const input = screen.getByLabelText('Empresa');
    const status = screen.getByRole('status');
    expect(status).toBeEmptyDOMElement();

    await user.click(input);
    await user.paste('a'.repeat(270));
    expect(values().empleo.empresa_nombre).toBe('A'.repeat(200));
    expect(status).toHaveTextContent('Se recortó el texto a 200 caracteres, el máximo permitido.');
    // Read with the field, beside it.
    expect(input).toHaveAccessibleDescription('Se recortó el texto a 200 caracteres, el máximo permitido.');
    expect(description(input)).toContainElement(status);

    // Typing at the limit is cut too; deleting a character fits, and the notice goes.
    await user.keyboard('{Backspace}');
    expect(status).toBeEmptyDOMElement();
    await user.keyboard('bc');
    expect(values().empleo.empresa_nombre).toBe(`${'A'.repeat(199)}B`);
    expect(status).toHaveTextContent('Se recortó el texto a 200 caracteres, el máximo permitido.');
    await user.keyboard('{Backspace}x');
    expect(values().empleo.empresa_nombre).toBe(`${'A'.repeat(199)}X`);
    expect(status).toBeEmptyDOMElement();
  });

  it('goes when the value is replaced without an edit (an OCR fill, a reset)', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(
      <>
        <TextField name="empleo.empresa_nombre" label="Empresa" uppercase maxLength={NAME_MAX} />
        <SetValue name="empleo.empresa_nombre" value="COMERCIALIZADORA" />
      </>,
    );
    await user.click(screen.getByLabelText('Empresa'));
    await user.paste('a'.repeat(270));
    expect(screen.getByRole('status')).toHaveTextContent('Se recortó el texto a 200 caracteres, el máximo permitido.');
    await user.click(screen.getByRole('button', { name: 'Llenar' }));
    expect(values().empleo.empresa_nombre).toBe('COMERCIALIZADORA');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says nothing for a paste that fits, also over a selection', async () => {
    const user = userEvent.setup();
    renderForm(<TextField name="empleo.empresa_nombre" label="Empresa" maxLength={10} />);
    const input = screen.getByLabelText('Empresa');
    await user.click(input);
    await user.paste('0123456789');
    expect(input).toHaveValue('0123456789');
    await user.tripleClick(input);
    await user.paste('abcdefghij');
    expect(input).toHaveValue('abcdefghij');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('replaces the limit hint of a text area, a line break counted as one character', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<TextAreaField name="comentarios" label="Comentarios" maxLength={COMMENTS_MAX} optional />);
    const area = screen.getByLabelText(/Comentarios/);
    expect(area).toHaveAccessibleDescription('Máximo 600 caracteres');
    await user.click(area);
    await user.paste('x'.repeat(750));
    expect(values().comentarios).toHaveLength(600);
    expect(area).toHaveAccessibleDescription('Se recortó el texto a 600 caracteres, el máximo permitido.');
    await user.clear(area);
    expect(area).toHaveAccessibleDescription('Máximo 600 caracteres');
    await user.paste(`${'y'.repeat(299)}\n${'z'.repeat(300)}`);
    expect(values().comentarios).toHaveLength(600);
    expect(area).toHaveAccessibleDescription('Máximo 600 caracteres');
  });

  it('has no live region on a field without a limit', () => {
    renderForm(<TextField name="nombre" label="Nombre" />);
    expect(screen.queryByRole('status')).toBeNull();
  });
});

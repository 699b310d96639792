import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DateField } from '../../src/components/fields/date-field';
import { renderForm } from './support/render-form';

describe('date field', () => {
  it('takes dd/mm/aaaa and keeps YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    const { values } = renderForm(<DateField name="fisica.fecha_nacimiento" label="Fecha de nacimiento" />);
    const input = screen.getByLabelText('Fecha de nacimiento');
    expect(input).toHaveAttribute('name', 'fisica.fecha_nacimiento');
    await user.type(input, '15/01/1990');
    await user.tab();
    expect(values().fisica.fecha_nacimiento).toBe('1990-01-15');
  });

  it('shows a stored date as dd/mm/aaaa, and is locked when the record is not editable', () => {
    renderForm(<DateField name="fisica.fecha_nacimiento" label="Fecha de nacimiento" />, {
      initialValues: { fisica: { fecha_nacimiento: '1985-12-31' } },
      level: 'none',
    });
    expect(screen.getByLabelText('Fecha de nacimiento')).toHaveValue('31/12/1985');
    expect(screen.getByLabelText('Fecha de nacimiento')).toBeDisabled();
  });
});

// 'Validaciones PLD' for staff without the Analista role: they are told an analyst reviews the
// lists, and nothing asks the PLD service (GET /pld/lists is the Analista's).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ValidacionesPldTab } from '../../src/wizard/tabs/validaciones-pld-tab';

describe('ValidacionesPldTab', () => {
  it('tells staff without the Analista role who reviews the lists, and shows no review nor lists', () => {
    render(<ValidacionesPldTab review={undefined} reviewer={false} />);
    expect(screen.getByRole('status')).toHaveTextContent('Revisión de listas a cargo de un analista');
    expect(screen.getByRole('status')).toHaveTextContent('Puedes finalizar la solicitud.');
    expect(screen.queryByText(/Listas consultadas|Revisando/)).toBeNull();
  });
});

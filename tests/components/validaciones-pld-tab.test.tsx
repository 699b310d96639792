// 'Validaciones PLD' for staff without the Analista role: they are told an analyst reviews the
// lists, and nothing asks the PLD service (GET /pld/lists is the Analista's).
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ValidacionesPldTab } from '../../src/wizard/tabs/validaciones-pld-tab';

describe('ValidacionesPldTab', () => {
  it('tells staff without the Analista role who reviews the lists, and shows no review nor lists', () => {
    render(<ValidacionesPldTab review={undefined} reviewer={false} stored={{ review: null, finish: null }} />);
    expect(screen.getByRole('status')).toHaveTextContent('Revisión de listas a cargo de un analista');
    expect(screen.getByRole('status')).toHaveTextContent('Puedes finalizar la solicitud, salvo que tenga una coincidencia confirmada en OFAC SDN u ONU');
    expect(screen.queryByText(/Listas consultadas|Revisando|Coincidencias confirmadas/)).toBeNull();
  });

  it('shows every confirmed match with its red tag naming the list, its reason, who confirmed it and when, and an analyst-confirmed finish', () => {
    const match = {
      nombre: 'GUZMAN LOERA, Joaquin',
      rfc: null,
      lista: 'OFAC SDN',
      persona: 'CARLOS GARCÍA RAMÍREZ',
      motivo: 'Misma fecha de nacimiento.',
      confirmada_por: 'Ana Analista',
      confirmada_el: '2026-11-20T17:05:00.000Z',
    };
    const review = { coincidencias_validadas: true, validar_coincidencias: false, validar_coincidencias_tipo: 'client' as const, users: { pf: [match] }, revisadas: [] };
    const finish = { listas: 'OFAC SDN', por: 'Ana Analista', por_id: 'staff:2', fecha: '2026-11-21T18:00:00.000Z', coincidencias: [] };
    render(<ValidacionesPldTab review={undefined} reviewer={false} stored={{ review, finish }} />);
    const section = screen.getByRole('region', { name: 'Coincidencias confirmadas' });
    expect(section).toHaveTextContent('PLD: coincidencia confirmada (OFAC SDN)');
    expect(section).toHaveTextContent('GUZMAN LOERA, Joaquin · coincide con CARLOS GARCÍA RAMÍREZ');
    expect(section).toHaveTextContent('Motivo de la confirmación: Misma fecha de nacimiento.');
    expect(section).toHaveTextContent(/Confirmada por Ana Analista el 20 de noviembre de 2026, \d\d:05\./);
    expect(screen.getByRole('note')).toHaveTextContent('Ana Analista confirmó finalizar la solicitud con la coincidencia confirmada en OFAC SDN');
    expect(document.querySelector('.pld-confirmed-tag.bp6-intent-danger')).not.toBeNull();
  });
});

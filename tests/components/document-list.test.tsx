// The staff's list of an application's documents: loaded when opened, who uploaded what and when,
// each opening in a new tab.
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DocumentList } from '../../src/documents/document-list';
import { RuntimeContext } from '../../src/session/runtime-context';
import { fakeRuntime } from './support/render-form';

const UUID = '0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10';
const DOCUMENTS = [
  {
    id: 'd2',
    type: 'tax',
    format: 'application/pdf',
    size: 1.5 * 1024 * 1024,
    uploaded_at: '2026-11-20T17:05:00.000Z',
    uploaded_by: 'Solicitante',
    template: 'CSF',
    url: '/api/aws/documents/d2',
  },
  { id: 'd1', type: 'identification', format: 'image/jpeg', size: 300 * 1024, uploaded_at: '2026-11-19T10:00:00.000Z', uploaded_by: 'ANA LÓPEZ', template: 'INE', url: '/api/aws/documents/d1' },
];

describe('documents of an application (staff)', () => {
  it('lists them once opened, newest first, each opening in a new tab', async () => {
    const requests: string[] = [];
    const user = userEvent.setup();
    render(
      <RuntimeContext.Provider value={fakeRuntime({ [`/wizardpf/documentos/${UUID}`]: { data: DOCUMENTS } }, requests)}>
        <DocumentList code="wizardpf" uuid={UUID} />
      </RuntimeContext.Provider>,
    );
    expect(requests).toEqual([]);
    const toggle = screen.getByRole('button', { name: 'Documentos de la solicitud' });
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const rows = await screen.findAllByRole('row');
    expect(rows.slice(1).map((row) => within(row).getAllByRole('cell').slice(0, 4).map((cell) => cell.textContent))).toEqual([
      ['Constancia de situación fiscal (CSF)', 'PDF', '1.5 MB', 'Solicitante'],
      ['Identificación oficial (INE)', 'JPG', '300 KB', 'ANA LÓPEZ'],
    ]);
    // When, as the lists write it (day/month/year, 24 h): 10:00 UTC is 19/11 wherever the test runs.
    expect(within(rows[2]!).getAllByRole('cell')[4]).toHaveTextContent(/^19\/11\/2026 \d{2}:\d{2}$/);
    const link = within(rows[1]!).getByRole('link', { name: /Abrir/ });
    expect(link).toHaveAttribute('href', '/api/aws/documents/d2');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('says when the list could not be loaded', async () => {
    const user = userEvent.setup();
    render(
      <RuntimeContext.Provider value={fakeRuntime({})}>
        <DocumentList code="wizardpm" uuid={UUID} />
      </RuntimeContext.Provider>,
    );
    await user.click(screen.getByRole('button', { name: 'Documentos de la solicitud' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudieron consultar los documentos.');
  });
});

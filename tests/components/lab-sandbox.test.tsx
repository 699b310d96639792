// The lab's 'Simulación' panel on the print machine: started, it waits on its faked 'fetch packet'
// call; resolved, the machine moves; an event sent from the list moves it again; bad JSON is refused.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { findMachine } from '../../machines/lab/registry';
import { useSandbox } from '../../src/lab/sandbox';
import { SandboxPanel } from '../../src/lab/sandbox-panel';

const print = findMachine('print')!;

function Harness() {
  const sandbox = useSandbox(print, print.configurations[0]!.input);
  return (
    <>
      <SandboxPanel sandbox={sandbox} />
      <output data-testid="active">{[...(sandbox.highlight.active ?? [])].join(' ')}</output>
      <output data-testid="recent">{[...(sandbox.highlight.recent ?? [])].join(' | ')}</output>
    </>
  );
}

const stateValue = () => JSON.parse(screen.getByTestId('sandbox-state-value').textContent ?? 'null') as unknown;

describe('lab sandbox panel', () => {
  it('starts, resolves a pending call, sends an event and shows the state move', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Iniciar simulación' }));

    expect(stateValue()).toEqual({ packet: 'loading', pdf: 'idle' });
    expect(screen.getByTestId('active').textContent).toContain('print.packet.loading');
    const calls = screen.getByRole('region', { name: 'Llamadas pendientes' });
    expect(within(calls).getByText('fetch packet', { selector: 'code' })).toBeInTheDocument();
    expect(within(calls).getByText(/00000000-0000-4000-8000-000000000003/)).toBeInTheDocument();

    await user.click(within(calls).getByRole('button', { name: /^Resolver/ }));
    await waitFor(() => expect(stateValue()).toEqual({ packet: { notFound: 'open' }, pdf: 'idle' }));
    expect(within(calls).getByText('Ninguna.')).toBeInTheDocument();
    expect(screen.getByTestId('recent').textContent).toContain('print.packet.loading --xstate.done.actor.fetch guard is empty--> #print.packet.notFound');

    const select = screen.getByLabelText('Evento');
    await user.selectOptions(select, 'notFound.closed');
    const payload = screen.getByLabelText('Datos del evento (JSON)');
    expect(payload).toHaveValue('{"type":"notFound.closed"}');

    await user.clear(payload);
    await user.type(payload, '{{"type": ');
    await user.click(screen.getByRole('button', { name: 'Enviar evento' }));
    expect(screen.getByText(/no es JSON válido/)).toBeInTheDocument();
    expect(payload).toHaveValue('{"type": ');
    expect(payload).toHaveAttribute('aria-invalid', 'true');
    expect(stateValue()).toEqual({ packet: { notFound: 'open' }, pdf: 'idle' });

    await user.clear(payload);
    await user.type(payload, '{{"type": "notFound.closed"}');
    await user.click(screen.getByRole('button', { name: 'Enviar evento' }));
    expect(stateValue()).toEqual({ packet: { notFound: 'closed' }, pdf: 'idle' });
    const log = screen.getByRole('region', { name: 'Registro' });
    expect(within(log).getByText('print.packet.notFound.open --notFound.closed--> #print.packet.notFound.closed')).toBeInTheDocument();
    expect(within(log).getByText('(enviado)', { exact: false })).toBeInTheDocument();
    expect(within(log).getAllByText('inicio')).toHaveLength(1);
    expect(within(log).getByText('print.packet.checking --always #1--> #print.packet.loading')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reiniciar' }));
    expect(stateValue()).toEqual({ packet: 'loading', pdf: 'idle' });
  });

  it('rejects a pending call: the machine takes its error path', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Iniciar simulación' }));
    await user.click(screen.getByRole('button', { name: /^Rechazar/ }));
    await waitFor(() => expect(stateValue()).toEqual({ packet: 'failed', pdf: 'idle' }));
    expect(screen.getByLabelText('Evento')).toHaveValue('print.retry');
  });
});

// The lab's 'Simulación' panel on the print machine: started, it waits on its faked 'fetch packet'
// call; resolved, the machine moves; an event sent from the list moves it again; bad JSON is refused.
// On the e.firma machine: a File, Dates and bytes written with the JSON markers reach it as such.
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { EFIRMA_REFUSALS } from '../../forms/contracts/efirma';
import { certificateDay } from '../../forms/efirma/certificate-validity';
import { findMachine, type RegisteredMachine } from '../../machines/lab/registry';
import { useSandbox } from '../../src/lab/sandbox';
import { SandboxPanel } from '../../src/lab/sandbox-panel';

const print = findMachine('print')!;

function Harness({ entry = print }: { entry?: RegisteredMachine }) {
  const sandbox = useSandbox(entry, entry.configurations[0]!.input);
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

describe('lab sandbox panel: JSON markers', () => {
  const efirma = findMachine('efirma-sign')!;
  const DAY = 24 * 60 * 60 * 1000;
  /** The answer of 'read certificate' for the registry's record (RFC PEPC800101ABA), valid until `notAfter`. */
  const certificate = (notAfter: string) =>
    JSON.stringify({
      holderName: 'CARLOS PÉREZ PÉREZ',
      rfc: 'PEPC800101ABA',
      representativeRfc: null,
      curp: 'PEPC800101HJCRRR09',
      serial: '00001000000504465028',
      notBefore: { $date: '2026-01-01T00:00:00Z' },
      notAfter: { $date: notAfter },
      kind: 'efirma',
      issuer: 'AC de prueba',
      der: { $bytes: [48, 130, 4, 10] },
    });

  async function write(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
    await user.clear(field);
    await user.click(field);
    await user.paste(text);
  }

  async function chooseCertificate(user: ReturnType<typeof userEvent.setup>) {
    render(<Harness entry={efirma} />);
    await user.click(screen.getByRole('button', { name: 'Iniciar simulación' }));
    expect(stateValue()).toEqual({ preparing: { choosing: 'idle' } });
    await user.selectOptions(screen.getByLabelText('Evento'), 'certificate.chosen');
    await write(user, screen.getByLabelText('Datos del evento (JSON)'), '{"type": "certificate.chosen", "file": {"$file": {"name": "pf.cer", "type": "application/pkix-cert", "size": 1200}}}');
    await user.click(screen.getByRole('button', { name: 'Enviar evento' }));
    expect(stateValue()).toEqual({ preparing: { choosing: 'readingCertificate' } });
    const calls = screen.getByRole('region', { name: 'Llamadas pendientes' });
    // The packet's fetch is pending too, from the start: the certificate's read is the call answered here.
    const call = within(calls).getByText('read certificate', { selector: 'code' }).closest<HTMLElement>('li.sandbox-call')!;
    // The File the marker made, as the call's input shows it (a string inside JSON, its quotes escaped).
    expect(within(call).getByText(/"file": "File \\"pf\.cer\\" \(1200 bytes, application\/pkix-cert\)"/)).toBeInTheDocument();
    return call;
  }

  it("resolves 'read certificate' with Dates and bytes: the machine reads them and moves on", async () => {
    const user = userEvent.setup();
    const calls = await chooseCertificate(user);
    const inAYear = new Date(Date.now() + 365 * DAY).toISOString();
    await write(user, within(calls).getByLabelText('Respuesta (JSON)'), certificate(inAYear));
    await user.click(within(calls).getByRole('button', { name: /^Resolver/ }));

    await waitFor(() => expect(stateValue()).toEqual({ preparing: { choosing: 'idle' } }));
    expect(screen.queryByText(/La máquina se detuvo con un error/)).not.toBeInTheDocument();
    const context = screen.getByRole('region', { name: 'Contexto' });
    expect(within(context).getByText('Date 2026-01-01T00:00:00.000Z')).toBeInTheDocument();
    expect(within(context).getByText(`Date ${inAYear}`)).toBeInTheDocument();
    expect(within(context).getByText('Uint8Array (4 bytes)')).toBeInTheDocument();
    // Valid today and of the record's RFC: no problem, so 'sign' is taken now.
    expect(within(context).getByText('problem').parentElement).toHaveTextContent('problem: null');
  });

  it('an expired certificate is refused with its date: the machine compared the Dates', async () => {
    const user = userEvent.setup();
    const calls = await chooseCertificate(user);
    await write(user, within(calls).getByLabelText('Respuesta (JSON)'), certificate('2026-03-01T00:00:00Z'));
    await user.click(within(calls).getByRole('button', { name: /^Resolver/ }));
    await waitFor(() => expect(stateValue()).toEqual({ preparing: { choosing: 'idle' } }));
    const context = screen.getByRole('region', { name: 'Contexto' });
    // The tree cuts long strings: the refusal's first 80 characters, which hold the date.
    const refusal = EFIRMA_REFUSALS.expired(certificateDay(new Date('2026-03-01T00:00:00Z')));
    expect(refusal).toContain('venció el 01/03/2026');
    expect(within(context).getByText(refusal.slice(0, 80), { exact: false })).toBeInTheDocument();
  });

  it('a marker written wrong says how to write it, and nothing is sent', async () => {
    const user = userEvent.setup();
    const calls = await chooseCertificate(user);
    const answer = within(calls).getByLabelText('Respuesta (JSON)');
    await write(user, answer, certificate('mañana'));
    await user.click(within(calls).getByRole('button', { name: /^Resolver/ }));
    expect(within(calls).getByText('"$date" lleva una fecha ISO 8601 entre comillas, como "2026-01-01T00:00:00Z". No se envió nada.')).toBeInTheDocument();
    expect(answer).toHaveAttribute('aria-invalid', 'true');

    await write(user, answer, certificate('2030-01-01T00:00:00Z').replace('[48, 130, 4, 10]', '[48, 300]').replace('[48,130,4,10]', '[48,300]'));
    await user.click(within(calls).getByRole('button', { name: /^Resolver/ }));
    expect(within(calls).getByText(/^"\$bytes" lleva una lista de bytes/)).toBeInTheDocument();
    expect(stateValue()).toEqual({ preparing: { choosing: 'readingCertificate' } });
    expect(within(calls).getByText('read certificate', { selector: 'code' })).toBeInTheDocument();
  });
});

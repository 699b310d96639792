// Who signed an application with an e.firma, as the applicant and staff see it in the wizard and the
// print view: nothing before the first signature or where the session may not read them; each signer
// with RFC, role, certificate and time, the unchecked chain said; the signed PDF saved under its name.
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EfirmaSignature } from '../../forms/contracts/efirma';
import { CHAIN_NOT_CHECKED, EfirmaSignatures } from '../../src/efirma/efirma-signatures';
import { RuntimeContext } from '../../src/session/runtime-context';
import type { AppRuntime } from '../../src/session/runtime';
import { fakeRuntime } from './support/render-form';

const UUID = '0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10';
const LIST = `/wizardpm/firma/${UUID}`;
const PDF = `${LIST}/pdf`;

// Local times, so the expected text holds in any time zone the tests run in.
const COMPANY: EfirmaSignature = {
  orden: 1,
  rfc: 'IOC100512AB3',
  rfc_representante: 'LOPE800101XY1',
  nombre: 'INDUSTRIAS DEL OCCIDENTE SA DE CV',
  calidad: 'solicitante',
  numero_certificado: '00001000000700000002',
  firmado_el: new Date(2026, 10, 26, 17, 30, 5).toISOString(),
  recibido_el: new Date(2026, 10, 26, 17, 30, 6).toISOString(),
  cadena_verificada: true,
  sha256: 'a'.repeat(64),
  longitud: 120_000,
};
const REPRESENTATIVE: EfirmaSignature = {
  orden: 2,
  rfc: 'LOPE800101XY1',
  rfc_representante: null,
  nombre: 'REPRESENTANTE UNO LOPEZ',
  calidad: 'representante',
  numero_certificado: '00001000000700000003',
  firmado_el: new Date(2026, 10, 27, 9, 5).toISOString(),
  recibido_el: new Date(2026, 10, 27, 9, 5, 1).toISOString(),
  cadena_verificada: false,
  sha256: 'b'.repeat(64),
  longitud: 130_000,
};

type Handler = () => unknown;

/** A runtime whose client answers each path from a handler: what it returns, or the error it throws. */
function runtimeAnswering(handlers: Record<string, Handler>, requests: string[] = []): AppRuntime {
  const runtime = fakeRuntime();
  const adapter: AxiosAdapter = async (config) => {
    const url = config.url ?? '';
    requests.push(url);
    const handler = handlers[url];
    if (!handler) throw new AxiosError(`no answer for ${url}`, 'ERR_NETWORK', config);
    return { data: handler(), status: 200, statusText: 'OK', headers: {}, config };
  };
  runtime.http.defaults.adapter = adapter;
  return runtime;
}

const refusal = (status: number, message: string) => () => {
  const config = { headers: new AxiosHeaders() } as InternalAxiosRequestConfig;
  throw new AxiosError(message, 'ERR_BAD_REQUEST', config, null, { status, statusText: '', headers: {}, config, data: { message } });
};

const renderWith = (runtime: AppRuntime, refreshKey?: number) =>
  render(
    <RuntimeContext.Provider value={runtime}>
      <EfirmaSignatures code="wizardpm" uuid={UUID} refreshKey={refreshKey} />
    </RuntimeContext.Provider>,
  );

/** Lets the answers already given reach the component. */
const settle = () => act(async () => {});

describe('the e.firma signatures of an application', () => {
  it('shows nothing while nobody has signed', async () => {
    const requests: string[] = [];
    const { container } = renderWith(runtimeAnswering({ [LIST]: () => ({ data: [] }) }, requests));
    await waitFor(() => expect(requests).toEqual([LIST]));
    await settle();
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing where the session may not read them (a record staff registered, an expired one)', async () => {
    const requests: string[] = [];
    const { container } = renderWith(runtimeAnswering({ [LIST]: refusal(403, 'Esta solicitud fue registrada por el personal de la empresa.') }, requests));
    await waitFor(() => expect(requests).toEqual([LIST]));
    await settle();
    expect(container).toBeEmptyDOMElement();
  });

  it('lists each signer: name, role, RFC (and the representative of a company certificate), certificate and time', async () => {
    renderWith(runtimeAnswering({ [LIST]: () => ({ data: [COMPANY, REPRESENTATIVE] }) }));
    const section = await screen.findByRole('region', { name: 'Firmado con e.firma' });
    expect(within(section).getByRole('heading', { level: 2, name: 'Firmado con e.firma' })).toBeVisible();
    const [company, representative] = within(section).getAllByRole('listitem');
    expect(company).toHaveTextContent('INDUSTRIAS DEL OCCIDENTE SA DE CV');
    expect(company).toHaveTextContent('Solicitante');
    expect(company).toHaveTextContent('RFC: IOC100512AB3 · RFC del representante: LOPE800101XY1');
    expect(company).toHaveTextContent('Certificado 00001000000700000002 · Firmado el 26/11/2026 17:30');
    expect(company).not.toHaveTextContent('Cadena no verificada');

    expect(representative).toHaveTextContent('REPRESENTANTE UNO LOPEZ');
    expect(representative).toHaveTextContent('Representante legal');
    expect(representative).toHaveTextContent('RFC: LOPE800101XY1');
    expect(representative).not.toHaveTextContent('RFC del representante');
    expect(representative).toHaveTextContent('Certificado 00001000000700000003 · Firmado el 27/11/2026 09:05');
    // The chain not checked: a warning tag on that signature, explained in words everyone gets.
    const tag = within(representative).getByText('Cadena no verificada');
    expect(tag.closest('.bp6-tag')).toHaveClass('bp6-intent-warning');
    expect(tag.closest('.bp6-tag')).toHaveAttribute('title', CHAIN_NOT_CHECKED);
    expect(within(section).getByText(`Cadena no verificada: ${CHAIN_NOT_CHECKED}`)).toBeVisible();
    expect(CHAIN_NOT_CHECKED).toBe('El certificado no se verificó contra los certificados del SAT porque el servidor no los tiene configurados.');
  });

  it('says nothing of the chain when every signature was checked', async () => {
    renderWith(runtimeAnswering({ [LIST]: () => ({ data: [COMPANY] }) }));
    const section = await screen.findByRole('region', { name: 'Firmado con e.firma' });
    expect(section).not.toHaveTextContent('Cadena no verificada');
  });

  describe('the signed PDF', () => {
    let saved: { href: string; name: string }[];
    let blobs: Blob[];
    beforeEach(() => {
      saved = [];
      blobs = [];
      // jsdom has no object URLs and no downloads: the link savePdf clicks is recorded instead.
      URL.createObjectURL = (blob: Blob) => {
        blobs.push(blob);
        return `blob:prueba/${blobs.length}`;
      };
      URL.revokeObjectURL = () => {};
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ href: this.href, name: this.download });
      });
    });
    afterEach(() => vi.restoreAllMocks());

    it("downloads it under the application's name", async () => {
      const user = userEvent.setup();
      const pdf = new Blob(['%PDF-1.7 firmado'], { type: 'application/pdf' });
      const requests: string[] = [];
      renderWith(runtimeAnswering({ [LIST]: () => ({ data: [COMPANY, REPRESENTATIVE] }), [PDF]: () => pdf }, requests));
      await user.click(await screen.findByRole('button', { name: 'Descargar PDF firmado' }));
      await waitFor(() => expect(saved).toEqual([{ href: 'blob:prueba/1', name: `solicitud-${UUID}-firmada.pdf` }]));
      expect(blobs).toEqual([pdf]);
      expect(requests).toEqual([LIST, PDF]);
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
    });

    it('says so when the download fails, and downloads on the next try', async () => {
      const user = userEvent.setup();
      let failing = true;
      const pdf = new Blob(['%PDF-1.7'], { type: 'application/pdf' });
      renderWith(runtimeAnswering({ [LIST]: () => ({ data: [COMPANY] }), [PDF]: () => (failing ? refusal(500, 'Error')() : pdf) }));
      const button = await screen.findByRole('button', { name: 'Descargar PDF firmado' });
      await user.click(button);
      expect(await screen.findByRole('status')).toHaveTextContent('No se pudo descargar el PDF firmado. Intenta de nuevo.');
      expect(saved).toEqual([]);
      failing = false;
      await user.click(button);
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(screen.getByRole('status')).toBeEmptyDOMElement();
    });
  });

  it('says quietly when the signatures could not be read, and reads them again on Reintentar', async () => {
    const user = userEvent.setup();
    let failing = true;
    renderWith(runtimeAnswering({ [LIST]: () => (failing ? refusal(500, 'Error interno')() : { data: [COMPANY] }) }));
    expect(await screen.findByText('No se pudieron consultar las firmas con e.firma.', { exact: false })).toBeVisible();
    expect(screen.queryByRole('region')).toBeNull();
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('region', { name: 'Firmado con e.firma' })).toHaveTextContent('INDUSTRIAS DEL OCCIDENTE SA DE CV');
    expect(screen.queryByText('No se pudieron consultar las firmas con e.firma.', { exact: false })).toBeNull();
  });

  it('reads them again when refreshKey changes (a signature was just kept)', async () => {
    let kept: EfirmaSignature[] = [];
    const runtime = runtimeAnswering({ [LIST]: () => ({ data: kept }) });
    const { container, rerender } = renderWith(runtime, 0);
    await settle();
    expect(container).toBeEmptyDOMElement();
    kept = [COMPANY];
    rerender(
      <RuntimeContext.Provider value={runtime}>
        <EfirmaSignatures code="wizardpm" uuid={UUID} refreshKey={1} />
      </RuntimeContext.Provider>,
    );
    expect(await screen.findByRole('region', { name: 'Firmado con e.firma' })).toHaveTextContent('INDUSTRIAS DEL OCCIDENTE SA DE CV');
  });
});

// An upload area as a person uses it: a file chosen by the keyboard or dropped onto the area, the
// preview's name, size and progress, the fields filled and marked, 'Deshacer', a failed read
// retried, and the areas each editable level shows. The calls are fakes (the statechart's actors).
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fromPromise } from 'xstate';
import type { DocumentFormat, OcrAnswer, StoredDocument } from '../../forms/contracts/documents';
import { UploadFailure } from '../../forms/documents/upload-failure';
import { uploadMachine, type OcrCall, type UploadCall } from '../../machines/upload';
import { TextField } from '../../src/components/fields/text-field';
import { OcrMarksProvider } from '../../src/documents/ocr-marks';
import { UploadArea } from '../../src/documents/upload-area';
import { UploadOwnerProvider } from '../../src/documents/upload-owner';
import { dateTimeText } from '../../forms/date-time-text';
import { installDropGuard } from '../../src/global/drop-guard';
import { renderForm } from './support/render-form';

const notify = vi.hoisted(() => vi.fn());
vi.mock('../../src/global/notifications', () => ({ notify }));

const READ: OcrAnswer = {
  status: 'done',
  result: {
    template: 'INE',
    data: { nombre: 'MARÍA JOSÉ', apellido_paterno: 'PEÑA', curp: 'PENM900215MDFXXR09' },
    uncertain: ['apellido_paterno'],
    message: 'Datos obtenidos con OCR',
  },
};
const BLANK = { nombre: '', fisica: { apellido_paterno: '', curp: '', identificacion: '', estado: null } };
const fileInput = () => screen.getByLabelText<HTMLInputElement>('Credencial para votar (INE o IFE)', { selector: 'input' });
const photo = () => new File([new Uint8Array(150 * 1024)], 'ine-frente.jpg', { type: 'image/jpeg' });

type Deferred<T> = { promise: Promise<T>; resolve: (value: T) => void; reject: (error: unknown) => void };
const deferred = <T,>(): Deferred<T> => {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
};

/** The statechart with fake calls: the post reports half its bytes, then waits; each read waits for the test. */
function fakeCalls() {
  const uploads: Array<Deferred<{ key: string; bucket: string }>> = [];
  const reads: Array<Deferred<OcrAnswer>> = [];
  const machine = uploadMachine.provide({
    actors: {
      'read format': fromPromise<DocumentFormat | null, { file: File }>(async () => 'image/jpeg'),
      sign: fromPromise(async () => ({ url: '/storage/documentos', fields: {}, key: 'k', bucket: 'documentos', expires_at: '', max_bytes: 1 })),
      upload: fromPromise<{ key: string; bucket: string }, UploadCall>(({ input }) => {
        input.onProgress(50, 100);
        const call = deferred<{ key: string; bucket: string }>();
        uploads.push(call);
        return call.promise;
      }),
      'request ocr': fromPromise<OcrAnswer, OcrCall>(() => {
        const call = deferred<OcrAnswer>();
        reads.push(call);
        return call.promise;
      }),
    },
  });
  return { machine, uploads, reads };
}

const fields = (machine: typeof uploadMachine) => (
  <OcrMarksProvider>
    <UploadArea type="identification" target={{ type: 'identification' }} machine={machine} />
    <TextField name="nombre" label="Nombre(s)" />
    <TextField name="fisica.apellido_paterno" label="Apellido paterno" />
    <TextField name="fisica.curp" label="CURP" />
  </OcrMarksProvider>
);

const settle = async (run: () => void) => {
  await act(async () => {
    run();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
};

describe('upload area', () => {
  beforeEach(() => notify.mockClear());
  afterEach(() => vi.restoreAllMocks());

  it('chooses a file with the keyboard, shows its upload and its read, fills and marks the fields, and undoes the fill', async () => {
    const user = userEvent.setup();
    const { machine, uploads, reads } = fakeCalls();
    const { values } = renderForm(fields(machine), { initialValues: BLANK });
    const input = fileInput();
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp,application/pdf');
    expect(input).toHaveAttribute('capture', 'environment');
    const opened = vi.spyOn(input, 'click');

    await user.tab();
    expect(screen.getByRole('button', { name: /Elegir archivo/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(opened).toHaveBeenCalled();

    // The browser's chooser gives the focus back to the button that opened it, then the input changes.
    await settle(() => void fireEvent.change(input, { target: { files: [photo()] } }));
    expect(await screen.findByText('ine-frente.jpg')).toBeVisible();
    expect(screen.getByText('150 KB')).toBeVisible();
    // The chooser is disabled while the file is on its way: the focus is on Cancelar, the one thing to do.
    expect(screen.getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Subiendo archivo');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '50');

    await settle(() => uploads[0]!.resolve({ key: 'k', bucket: 'documentos' }));
    expect(screen.getByRole('status')).toHaveTextContent('Obteniendo datos con OCR');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0');

    await settle(() => reads[0]!.resolve(READ));
    expect(screen.getByText('Datos obtenidos con OCR')).toBeVisible();
    // Read, Cancelar is gone: the focus goes to Deshacer, beside what the read did.
    expect(screen.getByRole('button', { name: 'Deshacer' })).toHaveFocus();
    expect(values()).toEqual({
      nombre: 'MARÍA JOSÉ',
      // The CURP's DF: born in Mexico City.
      fisica: { apellido_paterno: 'PEÑA', curp: 'PENM900215MDFXXR09', identificacion: 'INE', estado: { id_estado: 9, codigo: 'CDMX', nombre: 'Ciudad de México' } },
    });
    // Each filled field says so, read with it; the doubtful one asks to be confirmed.
    expect(screen.getByLabelText('Nombre(s)')).toHaveAccessibleDescription('Llenado con OCR');
    expect(screen.getByLabelText('CURP')).toHaveAccessibleDescription('Llenado con OCR');
    expect(screen.getByLabelText('Apellido paterno')).toHaveAccessibleDescription('Llenado con OCR: confírmalo');

    // A filled field the person changes is theirs: no longer marked.
    await user.type(screen.getByLabelText('CURP'), '{Backspace}1');
    expect(screen.getByLabelText('CURP')).not.toHaveAccessibleDescription('Llenado con OCR');
    expect(screen.getByLabelText('Nombre(s)')).toHaveAccessibleDescription('Llenado con OCR');

    // Deshacer gives back what was there, except the field changed since.
    await user.click(screen.getByRole('button', { name: 'Deshacer' }));
    expect(values()).toEqual({ ...BLANK, fisica: { ...BLANK.fisica, curp: 'PENM900215MDFXXR01' } });
    expect(screen.queryByText(/Llenado con OCR/)).toBeNull();
    // Deshacer is gone with the fill: the focus is back on the chooser.
    expect(screen.getByRole('button', { name: /Elegir archivo/ })).toHaveFocus();
  });

  it('says a document the application already held was received, until another is chosen', async () => {
    const user = userEvent.setup();
    const { machine } = fakeCalls();
    const stored = [
      { type: 'identification' as const, format: 'image/png' as const, size: 1_572_864, uploaded_at: '2026-11-20T16:05:00.000Z' },
      { type: 'identification' as const, format: 'application/pdf' as const, size: 2048, uploaded_at: '2026-11-19T10:00:00.000Z' },
    ];
    renderForm(<UploadOwnerProvider value={{ uuid: null, stored }}>{fields(machine)}</UploadOwnerProvider>, { initialValues: BLANK });
    // The newest of its type, in local time.
    expect(screen.getByRole('note')).toHaveTextContent(
      `Ya recibimos este documento el ${dateTimeText(stored[0].uploaded_at)} (PNG, 1.5 MB). Sube otro solo si necesitas reemplazarlo.`,
    );
    await user.upload(fileInput(), photo());
    expect(screen.queryByRole('note')).toBeNull();
  });

  it('tells its owner of a document read, which an area shown again says was received', async () => {
    const user = userEvent.setup();
    const { machine, uploads, reads } = fakeCalls();
    const received: StoredDocument[] = [];
    const area = (stored: StoredDocument[]) => (
      <UploadOwnerProvider value={{ uuid: 'u-1', stored, received: (document) => received.unshift(document) }}>{fields(machine)}</UploadOwnerProvider>
    );
    const { unmount } = renderForm(area([]), { initialValues: BLANK });
    await user.upload(fileInput(), photo());
    await settle(() => uploads[0]!.resolve({ key: 'k', bucket: 'documentos' }));
    expect(received).toEqual([]);
    await settle(() => reads[0]!.resolve(READ));
    expect(received).toEqual([{ type: 'identification', format: 'image/jpeg', size: photo().size, uploaded_at: expect.any(String) }]);
    // Shown again (another tab and back): the area starts afresh and says the document was received.
    unmount();
    renderForm(area(received), { initialValues: BLANK });
    expect(screen.getByRole('note')).toHaveTextContent(`Ya recibimos este documento el ${dateTimeText(received[0]!.uploaded_at)} (JPG,`);
  });

  it('says a file over 10 MB is too heavy, not of the wrong type, and reads nothing', async () => {
    const user = userEvent.setup();
    const { machine, uploads } = fakeCalls();
    renderForm(fields(machine), { initialValues: BLANK });
    const heavy = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'ine-escaneada.png', { type: 'image/png' });
    await user.upload(fileInput(), heavy);
    expect(await screen.findByRole('alert')).toHaveTextContent('El archivo pesa más de 10 MB, el máximo permitido; elige uno más ligero.');
    expect(uploads).toHaveLength(0);
  });

  it('gives an emptied field back without flagging it as required, as the person left it', async () => {
    const user = userEvent.setup();
    const { machine, uploads, reads } = fakeCalls();
    const validate = (values: any) => (values.nombre ? {} : { nombre: '¡Este campo es requerido!' });
    renderForm(fields(machine), { initialValues: BLANK, validate });
    await user.upload(fileInput(), photo());
    await settle(() => uploads[0]!.resolve({ key: 'k', bucket: 'documentos' }));
    await settle(() => reads[0]!.resolve(READ));
    await user.click(screen.getByRole('button', { name: 'Deshacer' }));
    expect(screen.getByLabelText('Nombre(s)')).toHaveValue('');
    // Past the validation pause (1500 ms), still no message: the person has not touched the field.
    await act(() => new Promise((resolve) => setTimeout(resolve, 1700)));
    expect(screen.queryByText('¡Este campo es requerido!')).toBeNull();
  });

  it('keeps what the person typed while the document was being read', async () => {
    const user = userEvent.setup();
    const { machine, uploads, reads } = fakeCalls();
    const { values } = renderForm(fields(machine), { initialValues: BLANK });
    await user.upload(fileInput(), photo());
    await user.type(screen.getByLabelText('Nombre(s)'), 'MARIA');
    await settle(() => uploads[0]!.resolve({ key: 'k', bucket: 'documentos' }));
    await settle(() => reads[0]!.resolve(READ));
    expect(values().nombre).toBe('MARIA');
    expect(values().fisica.curp).toBe('PENM900215MDFXXR09');
  });

  it('uploads a file dropped onto the area, without the notice for drops elsewhere', async () => {
    const removeGuard = installDropGuard(window);
    const { machine } = fakeCalls();
    renderForm(fields(machine), { initialValues: BLANK });
    const area = screen.getByRole('group', { name: 'Credencial para votar (INE o IFE)' });
    await settle(() => fireEvent.drop(area, { dataTransfer: { files: [photo()], types: ['Files'] } }));
    expect(screen.getByText('ine-frente.jpg')).toBeVisible();
    expect(notify).not.toHaveBeenCalled();
    // Elsewhere, the existing notice.
    fireEvent.drop(document.body, { dataTransfer: { files: [photo()], types: ['Files'] } });
    expect(notify).toHaveBeenCalledWith(expect.objectContaining({ message: 'No se pueden subir archivos en esta zona' }));
    removeGuard();
  });

  it('refuses two files dropped at once', async () => {
    const { machine, uploads } = fakeCalls();
    renderForm(fields(machine), { initialValues: BLANK });
    const area = screen.getByRole('group', { name: 'Credencial para votar (INE o IFE)' });
    await settle(() => fireEvent.drop(area, { dataTransfer: { files: [photo(), photo()], types: ['Files'] } }));
    expect(screen.getByRole('alert')).toHaveTextContent('Solo se puede subir un archivo a la vez');
    expect(uploads).toHaveLength(0);
  });

  it('shows a failed read with its message and retries it from the keyboard', async () => {
    const user = userEvent.setup();
    const { machine, uploads, reads } = fakeCalls();
    const { values } = renderForm(fields(machine), { initialValues: BLANK });
    await user.upload(fileInput(), photo());
    await settle(() => uploads[0]!.resolve({ key: 'k', bucket: 'documentos' }));
    await settle(() => reads[0]!.reject(new UploadFailure('ocr', false, null)));
    expect(screen.getByRole('alert')).toHaveTextContent('Error al intentar obtener datos con OCR');
    const retry = screen.getByRole('button', { name: 'Reintentar' });
    retry.focus();
    await user.keyboard('{Enter}');
    expect(reads).toHaveLength(2);
    await settle(() => reads[1]!.resolve(READ));
    expect(values().nombre).toBe('MARÍA JOSÉ');
  });

  it("shows a wrong template's message", async () => {
    const user = userEvent.setup();
    const { machine, uploads, reads } = fakeCalls();
    renderForm(fields(machine), { initialValues: BLANK });
    await user.upload(fileInput(), photo());
    await settle(() => uploads[0]!.resolve({ key: 'k', bucket: 'documentos' }));
    await settle(() => reads[0]!.resolve({ status: 'done', result: { template: 'CFE', data: { calle: 'X' }, uncertain: [], message: '' } }));
    expect(screen.getByRole('alert')).toHaveTextContent('Documento inválido, solo INE o IFE son aceptados');
  });

  it('shows the areas each editable level allows', () => {
    const { machine } = fakeCalls();
    const areas = (
      <>
        <UploadArea type="identification" target={{ type: 'identification' }} machine={machine} />
        <UploadArea type="tax" target={{ type: 'tax', person: 'Física' }} machine={machine} />
        <UploadArea type="address" target={{ type: 'address', prefix: 'vivienda', group: 'colonia' }} machine={machine} />
      </>
    );
    const shown = () => screen.queryAllByRole('group').map((group) => within(group).getByText(/\(|Constancia/).textContent);
    const { unmount } = renderForm(areas, { level: 'api_fields' });
    expect(shown()).toEqual(['Credencial para votar (INE o IFE)', 'Constancia de situación fiscal']);
    unmount();
    const general = renderForm(areas, { level: 'general_fields' });
    expect(shown()).toEqual(['Comprobante de domicilio (CFE o TELMEX)']);
    general.unmount();
    renderForm(areas, { level: 'none' });
    expect(shown()).toEqual([]);
  });

  it('has no accessibility violations, idle and with a preview', async () => {
    const user = userEvent.setup();
    const { machine } = fakeCalls();
    const { container } = renderForm(fields(machine), { initialValues: BLANK });
    const check = async () => (await axe.run(container.querySelector('.upload-area')!, { rules: { 'color-contrast': { enabled: false } } })).violations;
    expect(await check()).toEqual([]);
    await user.upload(fileInput(), photo());
    expect(await check()).toEqual([]);
  });
});

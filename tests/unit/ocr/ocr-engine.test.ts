// The engine end to end on generated documents with real recognition (a few, OCR is slow): a noisy
// photo of an INE, a scanned Constancia saved as PDF, a TELMEX bill; and what it refuses by content.
import { afterAll, describe, expect, it } from 'vitest';
import { MESSAGES, NOTICES } from '../../../forms/messages';
import { createOcrEngine, MAX_WAITING_READS } from '../../../server/ocr/ocr-engine';
import { closeDocumentThread } from '../../../server/ocr/document-thread';
import { createOcrPool } from '../../../server/ocr/tesseract-pool';
import { constanciaPdf, constanciaScan, constanciaScannedPdf, satQrUrl } from '../../support/documents/constancia';
import { ineFront } from '../../support/documents/id-cards';
import { noisy } from '../../support/documents/noise';
import { COMPANIES, PEOPLE } from '../../support/documents/people';
import { postalCatalogue } from '../../support/documents/postal-catalogue';
import { telmexReceipt } from '../../support/documents/receipts';

const pool = createOcrPool(1);
const engine = createOcrEngine(pool, postalCatalogue());
afterAll(async () => {
  await pool.close();
  await closeDocumentThread();
});

describe('the OCR engine', () => {
  it('a phone photo of an INE (JPEG 60, blurred, turned, shadowed): CURP, clave, names, birth date', async () => {
    const person = PEOPLE[0]!;
    const result = await engine.read({ bytes: await noisy(ineFront(person), 7), type: 'identification' });
    expect(result).toMatchObject({ template: 'INE', message: NOTICES.ocrSuccess });
    expect(result.data).toMatchObject({ curp: person.curp, clave_elector: person.clave_elector, apellido_paterno: 'MUÑOZ', nombre: 'JOSÉ ÁNGEL', fecha_nacimiento: '1985-03-14', sexo: 'Masculino', codigo_postal: '06600' });
  }, 30_000);

  it('a scanned Constancia saved as PDF is rendered and recognised: the RFC and business name', async () => {
    const company = COMPANIES[1]!;
    const result = await engine.read({ bytes: await constanciaScannedPdf({ kind: 'company', company }), type: 'tax' });
    expect(result).toMatchObject({ template: 'CSF', data: { rfc: company.rfc, razon_social: company.razon_social, codigo_postal: '03100' } });
  }, 30_000);

  it("the RFC of the Constancia's QR code: sure in a photo, and marked when the page prints another", async () => {
    const company = COMPANIES[0]!;
    const photo = await engine.read({ bytes: await noisy(constanciaScan({ kind: 'company', company }), 3), type: 'tax' });
    expect(photo).toMatchObject({ template: 'CSF', data: { rfc: company.rfc } });
    expect(photo.uncertain).not.toContain('rfc');
    // A page whose printed RFC is not its code's: the code's, for the person to confirm.
    const other = COMPANIES[1]!.rfc;
    const mixed = await engine.read({ bytes: await constanciaPdf({ kind: 'company', company, qr: satQrUrl(other) }), type: 'tax' });
    expect(mixed).toMatchObject({ data: { rfc: other } });
    expect(mixed.uncertain).toContain('rfc');
  }, 30_000);

  it('a TELMEX bill: the address with its colonia and the phone', async () => {
    const person = PEOPLE[2]!;
    const result = await engine.read({ bytes: telmexReceipt(person), type: 'address' });
    expect(result).toMatchObject({ template: 'TELMEX', data: { codigo_postal: '64000', colonia: person.address.colonia, telefonos: [person.telefono] } });
  }, 30_000);

  it('refuses by content: a file over 10 MB, an executable, text; before any recognition', async () => {
    const big = Buffer.concat([ineFront(PEOPLE[0]!), Buffer.alloc(10.5 * 1024 * 1024)]);
    await expect(engine.read({ bytes: big, type: 'identification' })).rejects.toMatchObject({ statusCode: 422, message: MESSAGES.fileType });
    await expect(engine.read({ bytes: Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'binary'), type: 'tax' })).rejects.toMatchObject({ statusCode: 422, message: MESSAGES.fileType });
    await expect(engine.read({ bytes: Buffer.from('CURP HEGG560427MVZRRL04'), type: 'identification' })).rejects.toMatchObject({ message: MESSAGES.fileType });
  });
});

describe('a full queue', () => {
  it('refuses a new image with 503 while 16 reads wait for a worker; a PDF with text is still read', async () => {
    const busyPool = { ...pool, load: () => ({ waiting: MAX_WAITING_READS, busy: 1, size: 1 }) };
    const busyEngine = createOcrEngine(busyPool, postalCatalogue());
    await expect(busyEngine.read({ bytes: telmexReceipt(PEOPLE[0]!), type: 'address' })).rejects.toMatchObject({ statusCode: 503 });
    const company = COMPANIES[0]!;
    await expect(busyEngine.read({ bytes: await constanciaPdf({ kind: 'company', company }), type: 'tax' })).resolves.toMatchObject({ data: { rfc: company.rfc } });
  });
});

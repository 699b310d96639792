// PDFs as the OCR reads them: from the text layer when there is one, never recognised; a scan
// (a page holding only an image) rendered to an image for recognition; the SAT's QR code found on
// the Constancia, as a PDF's image, on a scanned page and in a photo.
import { afterAll, describe, expect, it } from 'vitest';
import { closeDocumentThread, readPdf, scanQr } from '../../../server/ocr/document-thread';
import { constanciaPdf, constanciaScan, constanciaScannedPdf, satQrUrl } from '../../support/documents/constancia';
import { COMPANIES, PEOPLE } from '../../support/documents/people';

afterAll(() => closeDocumentThread());

describe('reading a PDF', () => {
  it("the Constancia's text layer, with its accents and Ñ", async () => {
    const content = await readPdf(await constanciaPdf({ kind: 'person', person: PEOPLE[1]! }));
    expect(content.kind).toBe('text');
    expect(content.kind === 'text' && content.text).toContain('Primer Apellido: PEÑA');
    expect(content.kind === 'text' && content.text).toContain(`RFC: ${PEOPLE[1]!.rfc}`);
  });

  it('a scanned page is rendered to a PNG for recognition', async () => {
    const content = await readPdf(await constanciaScannedPdf({ kind: 'company', company: COMPANIES[0]! }));
    expect(content.kind).toBe('images');
    const [page] = content.kind === 'images' ? content.pages : [];
    expect(page?.subarray(1, 4).toString()).toBe('PNG');
  }, 20_000);

  it('bytes that are not a PDF are refused', async () => {
    await expect(readPdf(Buffer.from('%PDF-1.7 nothing else'))).rejects.toThrow();
  });

  it("finds the SAT's QR code only when asked, in the PDF's image, on a scanned page and in a photo", async () => {
    const person = PEOPLE[1]!;
    const company = COMPANIES[0]!;
    expect((await readPdf(await constanciaPdf({ kind: 'person', person }))).qr).toBeUndefined();
    expect((await readPdf(await constanciaPdf({ kind: 'person', person }), { qr: true })).qr).toEqual([satQrUrl(person.rfc)]);
    expect((await readPdf(await constanciaScannedPdf({ kind: 'company', company }), { qr: true })).qr).toEqual([satQrUrl(company.rfc)]);
    expect(await scanQr(constanciaScan({ kind: 'company', company }))).toEqual([satQrUrl(company.rfc)]);
    expect(await scanQr(constanciaScan({ kind: 'company', company, qr: null }))).toEqual([]);
    expect((await readPdf(await constanciaPdf({ kind: 'person', person, qr: null }), { qr: true })).qr).toEqual([]);
  }, 30_000);
});

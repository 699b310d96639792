// The packet's PDF as a person prints it (server/print/packet-pdf.ts): no page holds only the end
// of a form (a signature, the last rows of a table), each credit-bureau authorisation fits its one
// page, and a signature is on the page of what it signs.
import { beforeAll, describe, expect, it } from 'vitest';
import { beforeSubmit } from '../../../forms/before-submit';
import { buildPacket } from '../../../forms/print/packet';
import { fields, heading, type Packet } from '../../../forms/print/packet-model';
import { packetPdf } from '../../../server/print/packet-pdf';
import { pdfText } from '../../support/pdf-text';
import { validAvalPfaeModel, validAvalPmModel, validPfaeModel, validPfModel, validPmModel } from '../forms/fixtures';
import { TEST_COMPANY } from './test-company';

const TODAY = new Date('2026-11-27T18:00:00Z');
const RECORDS = { PF: validPfModel, PFAE: validPfaeModel, PM: validPmModel, 'aval PFAE': validAvalPfaeModel, 'aval PM': validAvalPmModel };

/** A record's packet and its PDF's pages as a reader extracts them, each with its non-blank lines. */
async function printed(model: Record<string, unknown>) {
  const packet = buildPacket({ record: beforeSubmit(model), guarantors: [], customBureau: null }, { company: TEST_COMPANY, today: TODAY });
  const { pages } = await pdfText(await packetPdf(packet, TODAY));
  return { packet, pages: pages.map((text) => ({ text, lines: text.split('\n').filter((line) => line.trim() !== '') })) };
}

describe.each(Object.entries(RECORDS))('the PDF packet of a %s', (_, model) => {
  let packet: Awaited<ReturnType<typeof printed>>['packet'];
  let pages: Awaited<ReturnType<typeof printed>>['pages'];
  // Rendered once for the three checks.
  beforeAll(async () => {
    ({ packet, pages } = await printed(model() as unknown as Record<string, unknown>));
  });

  it('has no page with only the end of a form: every page carries a form’s body', () => {
    for (const [index, page] of pages.entries()) expect(page.lines.length, `page ${index + 1}: ${page.text}`).toBeGreaterThanOrEqual(12);
  });

  it('never ends a page with a section title: the title goes to the next page with what it heads', () => {
    const titles = new Set(packet.forms.flatMap((form) => form.blocks.flatMap((block) => (block.kind === 'heading' ? [block.text] : []))));
    const codes = new Set(packet.forms.map((form) => form.header.code));
    expect(titles.size).toBeGreaterThan(0);
    for (const [index, page] of pages.entries()) {
      const body = page.lines.map((line) => line.trim()).filter((line) => !/Página \d+ de \d+/.test(line) && !codes.has(line));
      expect(titles.has(body.at(-1)!), `page ${index + 1} ends with '${body.at(-1)}'`).toBe(false);
    }
  });

  it('prints each credit-bureau authorisation on one page, its signature and the company’s box included', () => {
    const bureau = packet.forms.filter((form) => form.header.title.startsWith('Autorización para solicitar reportes de crédito'));
    expect(bureau.length).toBeGreaterThan(0);
    const bureauPages = pages.filter((page) => page.text.includes('Autorización para solicitar reportes de crédito'));
    expect(bureauPages).toHaveLength(bureau.length);
    for (const page of bureauPages) expect(page.text).toMatch(/realizó la consulta/);
  });

  it('keeps the signature on the page of the statement it signs', () => {
    const placeAndDate = /^Guadalajara, Jalisco, México, a \d+ de [A-Z][a-z]+ de 2026$/;
    const statement = pages.find((page) => page.lines.some((line) => placeAndDate.test(line.trim())));
    expect(statement).toBeDefined();
    expect(statement!.text.replace(/\s+/g, ' ')).toMatch(/bajo protesta de decir verdad/i);
    const signer = statement!.lines.findIndex((line) => placeAndDate.test(line.trim())) + 1;
    // The signer's name (or role) under the line, on the same page, before the footer.
    expect(statement!.lines[signer]).toMatch(/^\s*[A-ZÁÉÍÓÚÑ][A-Za-zÁÉÍÓÚÑáéíóúñ ]+$/);
    expect(statement!.lines[signer]).not.toMatch(/Página/);
  });
});

describe('a section title at the foot of a page', () => {
  const header = { title: 'Solicitud de prueba', code: 'F-TEST', revision: '01', issued: '01/01/2026', company: 'Empresa de prueba' };
  /** A form whose title 'Domicilio' falls lower on the first page with each filler row, and whose first row takes `lines` lines. */
  const form = (fillers: number, lines: number): Packet => ({
    title: 'Prueba',
    forms: [
      {
        header,
        blocks: [
          fields(Array.from({ length: fillers }, (_, i) => ({ label: `Dato ${i + 1}`, value: `Valor ${i + 1}`, wide: true }))),
          heading('Domicilio'),
          fields([
            { label: 'Referencias', value: Array.from({ length: lines }, (_, i) => `Renglón ${i + 1} de las referencias del domicilio, que ocupa una línea entera del ancho de la hoja.`).join(' '), wide: true },
            { label: 'Calle', value: 'AV. JUÁREZ' },
            { label: 'Número', value: '100' },
          ]),
        ],
      },
    ],
  });

  it('goes to the next page with a first row of several lines, wherever the page ends', async () => {
    for (const lines of [1, 3, 6]) {
      for (let fillers = 28; fillers <= 40; fillers++) {
        const { pages } = await pdfText(await packetPdf(form(fillers, lines), TODAY));
        const ending = (text: string) => text.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !/Página \d+ de \d+/.test(line) && line !== 'F-TEST').at(-1);
        for (const [index, page] of pages.entries()) expect(ending(page), `${fillers} fillers, a first row of ${lines} lines: page ${index + 1}`).not.toBe('Domicilio');
      }
    }
  }, 120_000);

  it('over the place and date kept with a signature, goes with them and the signature, wherever the page ends', async () => {
    for (let fillers = 28; fillers <= 38; fillers++) {
      const signed: Packet = {
        title: 'Prueba',
        forms: [
          {
            header,
            blocks: [
              fields(Array.from({ length: fillers }, (_, i) => ({ label: `Dato ${i + 1}`, value: `Valor ${i + 1}`, wide: true }))),
              heading('Lugar'),
              fields([
                { label: 'Lugar', value: 'GUADALAJARA' },
                { label: 'Fecha', value: '01/01/2026' },
              ]),
              { kind: 'signatures', signers: ['Nombre y firma del solicitante'] },
            ],
          },
        ],
      };
      const { pages } = await pdfText(await packetPdf(signed, TODAY));
      const text = pages.join('\n');
      for (const printed of ['Lugar', 'GUADALAJARA', 'Nombre y firma del solicitante']) expect(text, `${fillers} fillers`).toContain(printed);
      const signature = pages.findIndex((page) => page.includes('Nombre y firma del solicitante'));
      expect(pages[signature], `${fillers} fillers`).toContain('GUADALAJARA');
    }
  }, 120_000);
});

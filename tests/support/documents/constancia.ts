// The SAT's Constancia de situación fiscal, as the SAT gives it: a PDF with a text layer (pdfmake,
// Roboto embedded), for a person (RFC, CURP, names) or a company (RFC, business name, capital
// regime), with the registered address and the regimes, and in its corner the QR the SAT prints
// (the validator's URL with the idCIF and the RFC); and the same page as a scanned image.
import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, Image } from '@napi-rs/canvas';
import pdfmake from 'pdfmake';
import QRCode from 'qrcode';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Company, Person } from './people';
import { text } from './canvas-text';

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');

const dmy = (iso: string) => iso.split('-').reverse().join('/');

type Holder = ({ kind: 'person'; person: Person } | { kind: 'company'; company: Company }) & {
  /** The QR's content; null prints none. By default the SAT validator's URL with the holder's RFC. */
  qr?: string | null;
};

/** What the SAT's QR holds: its validator's URL, with the idCIF and the RFC in D3. */
export const satQrUrl = (rfc: string, idCif = '18010234567') => `https://siat.sat.gob.mx/app/qr/faces/pages/mobile/validadorqr.jsf?D1=10&D2=1&D3=${idCif}_${rfc}`;

const qrOf = (holder: Holder) => (holder.qr === undefined ? satQrUrl(holder.kind === 'person' ? holder.person.rfc : holder.company.rfc) : holder.qr);

/** A QR code as a PNG, `moduleSize` pixels a module, with its quiet zone of 4 modules. */
function qrPng(content: string, moduleSize: number): Buffer {
  const { modules } = QRCode.create(content, { errorCorrectionLevel: 'M' });
  const side = (modules.size + 8) * moduleSize;
  const canvas = createCanvas(side, side);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, side, side);
  ctx.fillStyle = '#000000';
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) ctx.fillRect((column + 4) * moduleSize, (row + 4) * moduleSize, moduleSize, moduleSize);
    }
  }
  return canvas.toBuffer('image/png');
}

/** The Constancia's lines: a title, then label and value pairs, then the regimes. */
export function constanciaRows(holder: Holder): { title: string[]; pairs: Array<[string, string]>; regimes: Array<[string, string]> } {
  const address = holder.kind === 'person' ? holder.person.address : holder.company.address;
  const [street, number] = (() => {
    const match = /^(?:AV\.|CALLE)\s+(.*?)\s+(\d+)(?:\s+INT.*)?$/.exec(address.calle);
    return match ? [match[1]!, match[2]!] : [address.calle, 'S/N'];
  })();
  const identity: Array<[string, string]> =
    holder.kind === 'person'
      ? [
          ['RFC:', holder.person.rfc],
          ['CURP:', holder.person.curp],
          ['Nombre (s):', holder.person.nombre],
          ['Primer Apellido:', holder.person.apellido_paterno],
          ['Segundo Apellido:', holder.person.apellido_materno],
          ['Fecha inicio de operaciones:', '01 DE ENERO DE 2020'],
        ]
      : [
          ['RFC:', holder.company.rfc],
          ['Denominación/Razón Social:', holder.company.razon_social],
          ['Régimen Capital:', holder.company.regimen],
          ['Fecha inicio de operaciones:', dmy(holder.company.fecha_constitucion)],
        ];
  return {
    title: ['SERVICIO DE ADMINISTRACIÓN TRIBUTARIA', 'CONSTANCIA DE SITUACIÓN FISCAL', 'Datos de Identificación del Contribuyente:'],
    pairs: [
      ...identity,
      ['Estatus en el padrón:', 'ACTIVO'],
      ['Código Postal:', address.codigo_postal],
      ['Tipo de Vialidad:', address.calle.startsWith('AV.') ? 'AVENIDA' : 'CALLE'],
      ['Nombre de Vialidad:', street],
      ['Número Exterior:', number],
      ['Nombre de la Colonia:', address.colonia.colonia.toUpperCase()],
      ['Nombre del Municipio o Demarcación Territorial:', address.colonia.municipio.toUpperCase()],
      ['Nombre de la Entidad Federativa:', address.colonia.estado.toUpperCase()],
    ],
    regimes: [[holder.kind === 'person' ? 'Régimen de Sueldos y Salarios e Ingresos Asimilados a Salarios' : 'Régimen General de Ley Personas Morales', '01/01/2020']],
  };
}

let fontsSet = false;
function setFonts() {
  if (fontsSet) return;
  pdfmake.setFonts({ Roboto: { normal: path.join(fontDir, 'Roboto-Regular.ttf'), bold: path.join(fontDir, 'Roboto-Medium.ttf'), italics: path.join(fontDir, 'Roboto-Italic.ttf'), bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf') } });
  pdfmake.setLocalAccessPolicy((file: string) => file.startsWith(fontDir));
  pdfmake.setUrlAccessPolicy(() => false);
  fontsSet = true;
}

export async function constanciaPdf(holder: Holder): Promise<Buffer> {
  setFonts();
  const rows = constanciaRows(holder);
  const qr = qrOf(holder);
  const definition: TDocumentDefinitions = {
    pageSize: 'LETTER',
    info: { creationDate: new Date('2026-01-01T00:00:00Z') },
    content: [
      ...(qr ? [{ image: `data:image/png;base64,${qrPng(qr, 4).toString('base64')}`, width: 96, absolutePosition: { x: 476, y: 36 } }] : []),
      ...rows.title.map((line, i) => ({ text: line, bold: i < 2, fontSize: i < 2 ? 14 : 11, margin: [0, 0, 0, 6] as [number, number, number, number] })),
      { table: { widths: [200, '*'], body: rows.pairs.map(([label, value]) => [{ text: label, bold: true }, value]) }, layout: 'noBorders', margin: [0, 8, 0, 8] },
      { text: 'Regímenes:', bold: true, margin: [0, 8, 0, 4] },
      { table: { widths: ['*', 100], body: [['Régimen', 'Fecha Inicio'], ...rows.regimes] }, layout: 'noBorders' },
    ],
  };
  const document = pdfmake.createPdf(definition);
  return Buffer.from(await document.getBuffer());
}

/** The same page scanned: black text on a white page at about 150 dpi. */
export function constanciaScan(holder: Holder): Buffer {
  const rows = constanciaRows(holder);
  const canvas = createCanvas(1275, 1650);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const qr = qrOf(holder);
  if (qr) {
    const code = new Image();
    code.src = qrPng(qr, 5);
    // Below the regimes, clear of the text rows (beside them, tesseract read its modules as letters).
    ctx.drawImage(code, 980, 1300);
  }
  let y = 90;
  rows.title.forEach((line, i) => {
    text(ctx, line, 110, y, i < 2 ? 32 : 24, { bold: i < 2 });
    y += 50;
  });
  y += 20;
  for (const [label, value] of rows.pairs) {
    text(ctx, label, 110, y, 24, { bold: true });
    text(ctx, value, 560, y, 24);
    y += 44;
  }
  y += 20;
  text(ctx, 'Regímenes:', 110, y, 24, { bold: true });
  y += 44;
  for (const [regime, since] of [['Régimen', 'Fecha Inicio'], ...rows.regimes]) {
    text(ctx, regime!, 110, y, 22);
    text(ctx, since!, 1000, y, 22);
    y += 40;
  }
  return canvas.toBuffer('image/png');
}

export type { Holder };

/** The scan saved as a PDF, as a scanner does: one page holding only the image, no text layer. */
export async function constanciaScannedPdf(holder: Holder): Promise<Buffer> {
  setFonts();
  const image = `data:image/png;base64,${constanciaScan(holder).toString('base64')}`;
  const document = pdfmake.createPdf({ pageSize: 'LETTER', pageMargins: 0, info: { creationDate: new Date('2026-01-01T00:00:00Z') }, content: [{ image, width: 612 }] });
  return Buffer.from(await document.getBuffer());
}

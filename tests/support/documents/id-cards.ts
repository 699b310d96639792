// INE and IFE-like voter cards, front and back, drawn as a camera would see them flat: the front
// with its labels (NOMBRE, DOMICILIO, CLAVE DE ELECTOR, CURP, FECHA DE NACIMIENTO, SEXO), the back
// with a machine-readable zone (ICAO TD1, three lines of 30) whose check digits are right.
import { createCanvas, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import type { Person } from './people';
import { text } from './canvas-text';

const WIDTH = 1012;
const HEIGHT = 638;

const STATE_ABBREVIATIONS: Record<string, string> = {
  'Ciudad de México': 'CDMX', Jalisco: 'JAL.', 'Nuevo León': 'N.L.', Puebla: 'PUE.',
};

function card(background: string): { canvas: Canvas; ctx: SKRSContext2D } {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = background;
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  // The photo.
  ctx.fillStyle = '#9aa4b0';
  ctx.fillRect(40, 150, 230, 290);
  return { canvas, ctx };
}

const dmy = (iso: string) => iso.split('-').reverse().join('/');
const LABEL = '#7a1d3a';

function addressLines(person: Person) {
  const { calle, codigo_postal, colonia } = person.address;
  return [calle, `COL ${colonia.colonia.toUpperCase()} ${codigo_postal}`, `${colonia.municipio.toUpperCase()}, ${STATE_ABBREVIATIONS[colonia.estado] ?? colonia.estado.toUpperCase()}`];
}

export function ineFront(person: Person): Buffer {
  const { canvas, ctx } = card('#f4efe6');
  text(ctx, 'MÉXICO', 40, 30, 30, { bold: true });
  text(ctx, 'INSTITUTO NACIONAL ELECTORAL', 300, 30, 30, { bold: true });
  text(ctx, 'CREDENCIAL PARA VOTAR', 300, 72, 26, { bold: true });
  text(ctx, 'NOMBRE', 300, 125, 20, { color: LABEL });
  text(ctx, 'SEXO', 800, 125, 20, { color: LABEL });
  text(ctx, person.sexo === 'Masculino' ? 'H' : 'M', 870, 122, 26, { bold: true });
  [person.apellido_paterno, person.apellido_materno, person.nombre].forEach((line, i) => text(ctx, line, 300, 152 + i * 34, 28, { bold: true }));
  text(ctx, 'DOMICILIO', 300, 262, 20, { color: LABEL });
  addressLines(person).forEach((line, i) => text(ctx, line, 300, 288 + i * 32, 25));
  text(ctx, 'CLAVE DE ELECTOR', 300, 392, 20, { color: LABEL });
  text(ctx, person.clave_elector, 520, 388, 26);
  text(ctx, 'CURP', 300, 436, 20, { color: LABEL });
  text(ctx, person.curp, 380, 432, 26);
  text(ctx, 'AÑO DE REGISTRO', 300, 480, 20, { color: LABEL });
  text(ctx, '2012 01', 500, 476, 26);
  text(ctx, 'FECHA DE NACIMIENTO', 300, 524, 20, { color: LABEL });
  text(ctx, dmy(person.fecha_nacimiento), 560, 520, 26);
  text(ctx, 'SECCIÓN', 300, 568, 20, { color: LABEL });
  text(ctx, '1543', 400, 564, 26);
  text(ctx, 'VIGENCIA', 520, 568, 20, { color: LABEL });
  text(ctx, '2022 - 2032', 640, 564, 26);
  return canvas.toBuffer('image/png');
}

/** An INE front whose every field is lost (a glare over the card): the institute's name and nothing to read. */
export function ineFrontWithoutFields(): Buffer {
  const { canvas, ctx } = card('#f4efe6');
  text(ctx, 'MÉXICO', 40, 30, 30, { bold: true });
  text(ctx, 'INSTITUTO NACIONAL ELECTORAL', 300, 30, 30, { bold: true });
  text(ctx, 'CREDENCIAL PARA VOTAR', 300, 72, 26, { bold: true });
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(290, 115, 700, 500);
  return canvas.toBuffer('image/png');
}

export function ifeFront(person: Person): Buffer {
  const { canvas, ctx } = card('#eef1f6');
  const age = 2026 - Number(person.fecha_nacimiento.slice(0, 4));
  text(ctx, 'INSTITUTO FEDERAL ELECTORAL', 300, 24, 30, { bold: true });
  text(ctx, 'REGISTRO FEDERAL DE ELECTORES', 300, 64, 24, { bold: true });
  text(ctx, 'CREDENCIAL PARA VOTAR', 300, 98, 24, { bold: true });
  text(ctx, 'NOMBRE', 300, 140, 20, { color: LABEL });
  text(ctx, 'EDAD', 760, 140, 20, { color: LABEL });
  text(ctx, String(age), 820, 137, 26);
  text(ctx, 'SEXO', 870, 140, 20, { color: LABEL });
  text(ctx, person.sexo === 'Masculino' ? 'H' : 'M', 935, 137, 26, { bold: true });
  [person.apellido_paterno, person.apellido_materno, person.nombre].forEach((line, i) => text(ctx, line, 300, 166 + i * 34, 28, { bold: true }));
  text(ctx, 'DOMICILIO', 300, 274, 20, { color: LABEL });
  addressLines(person).forEach((line, i) => text(ctx, line, 300, 300 + i * 32, 25));
  text(ctx, 'FOLIO 0000123456789', 300, 404, 22);
  text(ctx, 'CLAVE DE ELECTOR', 300, 446, 20, { color: LABEL });
  text(ctx, person.clave_elector, 520, 442, 26);
  text(ctx, 'CURP', 300, 490, 20, { color: LABEL });
  text(ctx, person.curp, 380, 486, 26);
  text(ctx, 'ESTADO 09  MUNICIPIO 015  SECCIÓN 1543', 300, 534, 22);
  return canvas.toBuffer('image/png');
}

const MRZ_VALUES = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** ICAO 9303's check digit: weights 7, 3, 1; '<' counts 0, digits themselves, letters 10-35. */
export function mrzCheckDigit(value: string): string {
  let sum = 0;
  for (let i = 0; i < value.length; i++) {
    const char = value[i]!;
    sum += (char === '<' ? 0 : MRZ_VALUES.indexOf(char)) * [7, 3, 1][i % 3]!;
  }
  return String(sum % 10);
}

/** Upper case without accents, Ñ as N, spaces as '<' (ICAO transliteration). */
export const mrzName = (value: string) => value.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Z]+/g, '<');

export function mrzLines(person: Person): [string, string, string] {
  const documentNumber = `${person.clave_elector.slice(-3)}${person.curp.slice(4, 10)}`.replace(/[^0-9A-Z]/g, '0').padEnd(9, '0').slice(0, 9);
  const line1 = `IDMEX${documentNumber}${mrzCheckDigit(documentNumber)}<<${person.clave_elector.replace(/\D/g, '').padEnd(13, '0').slice(0, 13)}`;
  const birth = person.fecha_nacimiento.slice(2).replace(/-/g, '');
  const expiry = '321231';
  const optional = '<'.repeat(11);
  const line2Start = `${birth}${mrzCheckDigit(birth)}${person.sexo === 'Masculino' ? 'H' : 'M'}${expiry}${mrzCheckDigit(expiry)}MEX${optional}`;
  const composite = mrzCheckDigit(line1.slice(5) + line2Start.slice(0, 7) + line2Start.slice(8, 15) + line2Start.slice(18, 29));
  const line2 = line2Start + composite;
  const names = `${mrzName(person.apellido_paterno)}<${mrzName(person.apellido_materno)}<<${mrzName(person.nombre)}`;
  const line3 = names.padEnd(30, '<').slice(0, 30);
  return [line1, line2, line3];
}

export function idBack(person: Person, template: 'INE' | 'IFE'): Buffer {
  const { canvas, ctx } = card(template === 'INE' ? '#f4efe6' : '#eef1f6');
  ctx.fillStyle = template === 'INE' ? '#f4efe6' : '#eef1f6';
  ctx.fillRect(40, 150, 230, 290);
  text(ctx, template === 'INE' ? 'INSTITUTO NACIONAL ELECTORAL' : 'INSTITUTO FEDERAL ELECTORAL', 60, 40, 26, { bold: true });
  text(ctx, 'FIRMA', 60, 120, 20, { color: LABEL });
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 440, WIDTH, HEIGHT - 440);
  mrzLines(person).forEach((line, i) => text(ctx, line, 60, 458 + i * 56, 40, { mono: true }));
  return canvas.toBuffer('image/png');
}

// The voter card (INE, and the older IFE): the front by its labels (NOMBRE, DOMICILIO, CLAVE DE
// ELECTOR, CURP, FECHA DE NACIMIENTO, SEXO), the back by its machine-readable zone (ICAO TD1)
// whose check digits say whether each part was read right. Names are cross-checked with the CURP.
import type { DocumentTemplate } from '../../../forms/contracts/documents';
import { CURP_SEX, readCurp } from '../../../forms/rules/curp';
import { isCalendarDate } from '../../../forms/rules/date';
import { correctCurp, findClaveElector, findIdentifier } from '../identifiers';
import { placeAddress, postalCodeIn, type PostalCatalogue } from '../postal-address';
import { cleanName, findLabel, fold, hasMark, labelPattern, type Lines } from '../recognised-text';
import { placeFound, type Reading } from './reading';

export function idCardTemplate(lines: Lines): DocumentTemplate | null {
  if (hasMark(lines, 'INSTITUTO NACIONAL ELECTORAL') || hasMark(lines, 'NACIONAL ELECTORAL')) return 'INE';
  if (hasMark(lines, 'INSTITUTO FEDERAL ELECTORAL') || hasMark(lines, 'FEDERAL ELECTORAL')) return 'IFE';
  if (hasMark(lines, 'CREDENCIAL PARA VOTAR') || mrzOf(lines)) return 'INE';
  return null;
}

const FRONT_LABELS = ['NOMBRE', 'DOMICILIO', 'CLAVE DE ELECTOR', 'CURP', 'FECHA DE NACIMIENTO', 'SEXO', 'EDAD', 'AÑO DE REGISTRO', 'SECCION', 'VIGENCIA', 'FOLIO', 'ESTADO', 'MUNICIPIO', 'LOCALIDAD', 'EMISION'];
const isLabelLine = (line: string) => FRONT_LABELS.some((label) => labelPattern(label).exec(fold(line))?.index === 0);

/** The first letters of the CURP come from the names: paternal surname's first letter and vowel, maternal's first, given name's first. */
function namesAgreeWithCurp(curp: string, paterno: string, materno: string, nombre: string): boolean {
  const first = (value: string) => fold(value).replace(/Ñ/g, 'X')[0];
  // The given name's letter is the first name's, or the second's when the first is José or María.
  const given = nombre.split(' ').filter(Boolean);
  return curp[0] === first(paterno) && curp[2] === first(materno) && given.slice(0, 2).some((name) => curp[3] === first(name));
}

function readFront(lines: Lines, catalogue: PostalCatalogue, reading: Reading) {
  const { fields, uncertain } = reading;
  const curpLine = findLabel(lines, 'CURP');
  const curp = (curpLine && findIdentifier([curpLine.rest], 18, correctCurp)) ?? findIdentifier(lines, 18, correctCurp);
  if (curp) {
    fields.curp = curp.value;
    if (!curp.sure) uncertain.add('curp');
  }
  const facts = curp ? readCurp(curp.value) : null;

  const claveLine = findLabel(lines, 'CLAVE DE ELECTOR');
  const clave = claveLine && (findClaveElector(claveLine.rest, curp?.value) ?? findClaveElector(lines[claveLine.index + 1] ?? '', curp?.value));
  if (clave) {
    fields.clave_elector = clave.value;
    if (!clave.sure) uncertain.add('clave_elector');
  }

  // NOMBRE: the next lines up to DOMICILIO are the paternal surname, the maternal one, the given names.
  const nameLabel = findLabel(lines, 'NOMBRE');
  if (nameLabel) {
    const names: string[] = [];
    for (let i = nameLabel.index + 1; i < lines.length && names.length < 4; i++) {
      if (isLabelLine(lines[i]!)) break;
      const name = cleanName(lines[i]!);
      if (name !== '') names.push(name);
    }
    if (names.length >= 3) {
      const [paterno, materno, ...given] = names;
      fields.apellido_paterno = paterno;
      fields.apellido_materno = materno;
      fields.nombre = given.join(' ');
      if (curp && !namesAgreeWithCurp(curp.value, paterno!, materno!, fields.nombre)) {
        for (const field of ['apellido_paterno', 'apellido_materno', 'nombre'] as const) uncertain.add(field);
      }
    } else if (names.length > 0) {
      [fields.apellido_paterno, fields.nombre] = [names[0], names.slice(1).join(' ') || undefined];
      for (const field of ['apellido_paterno', 'apellido_materno', 'nombre'] as const) uncertain.add(field);
    }
  }

  const sexMatch = lines.map((line) => /\bSEXO\s*:?\s*([HM])\b/.exec(fold(line))).find(Boolean);
  const printedSex = sexMatch ? CURP_SEX[sexMatch[1]!] : undefined;
  if (printedSex) fields.sexo = printedSex;
  if (facts && (!printedSex || printedSex !== facts.sexo)) {
    fields.sexo = facts.sexo;
    if (printedSex) uncertain.add('sexo');
  }

  const birthLine = findLabel(lines, 'FECHA DE NACIMIENTO');
  const printed = birthLine && /(\d{2})\s*\/\s*(\d{2})\s*\/\s*(\d{4})/.exec(`${birthLine.rest} ${lines[birthLine.index + 1] ?? ''}`.replace(/O/g, '0'));
  const printedDate = printed ? `${printed[3]}-${printed[2]}-${printed[1]}` : undefined;
  if (printedDate) fields.fecha_nacimiento = printedDate;
  if (facts && printedDate !== facts.fecha_nacimiento) {
    fields.fecha_nacimiento = facts.fecha_nacimiento;
    if (printedDate) uncertain.add('fecha_nacimiento');
  }

  // DOMICILIO: street, then the colonia with the postal code, then municipality and state.
  const addressLabel = findLabel(lines, 'DOMICILIO');
  if (addressLabel) {
    const block: string[] = [];
    for (let i = addressLabel.index + 1; i < lines.length && block.length < 4; i++) {
      if (isLabelLine(lines[i]!)) break;
      block.push(lines[i]!);
    }
    const codeLine = block.findIndex((line) => postalCodeIn(line) !== null);
    if (codeLine > 0) fields.calle = block.slice(0, codeLine).join(' ');
    else if (block[0]) fields.calle = block[0];
    if (codeLine >= 0) {
      const code = postalCodeIn(block[codeLine]!)!;
      const coloniaText = block[codeLine]!.replace(/\d{5}\s*$/, '').replace(/^COL(ONIA)?\.?\s+/, '');
      placeFound(reading, placeAddress(catalogue, code, coloniaText));
    }
  }
}

const MRZ_VALUES = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const mrzDigit = (value: string) => {
  let sum = 0;
  for (let i = 0; i < value.length; i++) sum += (value[i] === '<' ? 0 : Math.max(0, MRZ_VALUES.indexOf(value[i]!))) * [7, 3, 1][i % 3]!;
  return String(sum % 10);
};

/** Digits OCR confuses with each other in the zone's font. */
const DIGIT_CONFUSIONS: Record<string, string[]> = { '0': ['6', '8', '9'], '6': ['0', '5', '8'], '8': ['0', '3', '6', '9'], '3': ['8'], '5': ['6'], '9': ['0', '8'], '1': ['7'], '7': ['1'] };

/**
 * A field of the zone and whether its check digit confirms it. When it does not, the one spelling
 * with a single confusable digit changed that passes `valid` and the check digit is given instead,
 * still unconfirmed: a one-digit check passes one wrong spelling in ten.
 */
export function repairedByCheckDigit(field: string, check: string, valid: (value: string) => boolean = () => true): [string, boolean] {
  if (mrzDigit(field) === check && valid(field)) return [field, true];
  const repairs = new Set<string>();
  for (let i = 0; i < field.length; i++) {
    for (const other of DIGIT_CONFUSIONS[field[i]!] ?? []) {
      const candidate = field.slice(0, i) + other + field.slice(i + 1);
      if (mrzDigit(candidate) === check && valid(candidate)) repairs.add(candidate);
    }
  }
  return [repairs.size === 1 ? [...repairs][0]! : field, false];
}

/** YYMMDD of a day that exists, in the century a birth date of someone alive now falls in. */
function birthYear(yymmdd: string): number {
  const yy = Number(yymmdd.slice(0, 2));
  return (yy > new Date().getFullYear() % 100 ? 1900 : 2000) + yy;
}
const isBirthDate = (yymmdd: string) => /^\d{6}$/.test(yymmdd) && isCalendarDate(birthYear(yymmdd), Number(yymmdd.slice(2, 4)), Number(yymmdd.slice(4, 6)));

/** The three TD1 lines: 30 characters each, the first starting IDMEX. */
export function mrzOf(lines: Lines): [string, string, string] | null {
  const compact = lines.map((line) => line.replace(/\s/g, '').replace(/[«‹]/g, '<'));
  // Line 1 starts ID MEX (the I and D often misread); failing that, line 2 is the birth date,
  // its check digit, the sex, the expiry and its check digit, then MEX.
  const first = compact.findIndex((line) => /^[A-Z0-9|]{2}MEX/.test(line) && line.length >= 25);
  const second = compact.findIndex((line) => /^[\dO]{7}[HMF][\dO]{7}MEX/.test(line));
  const start = first >= 0 ? first : second - 1;
  if (start < 0 || start + 2 >= compact.length) return null;
  const fit = (line: string) => line.padEnd(30, '<').slice(0, 30);
  return [fit(compact[start]!), fit(compact[start + 1]!), fit(compact[start + 2]!)];
}

function readBack(lines: Lines, reading: Reading) {
  const mrz = mrzOf(lines);
  if (!mrz) return;
  const { fields, uncertain } = reading;
  const line2 = mrz[1].replace(/[OQD]/g, '0').replace(/[IL]/g, '1');
  // Birth date, its check digit, the sex, then the expiry and its check digit before MEX; a stray
  // character before MEX shifts nothing that is read from the start of the line.
  const [birth, birthSure] = repairedByCheckDigit(line2.slice(0, 6), line2[6]!, isBirthDate);
  const sex = /^[HMF]$/.test(mrz[1][7]!) ? mrz[1][7] : /([HMF])[\dO]{7}MEX/.exec(mrz[1])?.[1];
  if (isBirthDate(birth)) {
    fields.fecha_nacimiento = `${birthYear(birth)}-${birth.slice(2, 4)}-${birth.slice(4, 6)}`;
    if (!birthSure) uncertain.add('fecha_nacimiento');
  }
  if (sex === 'H' || sex === 'M') fields.sexo = CURP_SEX[sex];
  else if (sex === 'F') fields.sexo = 'Femenino';
  // Names: PATERNO<MATERNO<<NOMBRES; the zone has no accents and no Ñ, so the person confirms them.
  const [surnames = '', given = ''] = mrz[2].replace(/K(?=<)|(?<=<)K/g, '<').split(/<<+/);
  const [paterno, ...maternos] = surnames.split('<').filter(Boolean);
  if (paterno) {
    fields.apellido_paterno = paterno;
    if (maternos.length) fields.apellido_materno = maternos.join(' ');
    const nombre = given.split('<').filter(Boolean).join(' ');
    if (nombre) fields.nombre = nombre;
    for (const field of ['apellido_paterno', 'apellido_materno', 'nombre'] as const) if (fields[field]) uncertain.add(field);
  }
}

/** Whatever the card's side shows: the front's labels, or the back's zone. */
export function readIdCard(lines: Lines, catalogue: PostalCatalogue, reading: Reading) {
  if (findLabel(lines, 'NOMBRE') || findLabel(lines, 'CURP')) readFront(lines, catalogue, reading);
  else readBack(lines, reading);
}


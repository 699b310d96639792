// The SAT's Constancia de situación fiscal (CSF): label and value pairs, whether its text comes
// from the PDF's text layer or from a scan. A person's carries RFC, CURP and names; a company's its
// business name and capital regime. The address is the registered one; the régimen the first listed.
// The RFC in the page's QR code (sat-qr.ts), read from the code's bits, is taken over the printed one;
// when the page prints another valid RFC, it is marked for the person to confirm.
import type { DocumentTemplate } from '../../../forms/contracts/documents';
import { correctCurp, correctRfc, findIdentifier } from '../identifiers';
import { placeAddress, type PostalCatalogue } from '../postal-address';
import { cleanName, findLabel, fold, hasMark, labelledValue, type Lines } from '../recognised-text';
import { placeFound, type Reading } from './reading';

export function constanciaTemplate(lines: Lines): DocumentTemplate | null {
  const marks = ['CONSTANCIA DE SITUACION FISCAL', 'CEDULA DE IDENTIFICACION FISCAL', 'SERVICIO DE ADMINISTRACION TRIBUTARIA', 'DATOS DE IDENTIFICACION DEL CONTRIBUYENTE'];
  return marks.filter((mark) => hasMark(lines, mark)).length >= 2 ? 'CSF' : null;
}

const LABELS = [
  'RFC', 'CURP', 'NOMBRE (S)', 'PRIMER APELLIDO', 'SEGUNDO APELLIDO', 'DENOMINACION/RAZON SOCIAL', 'DENOMINACION / RAZON SOCIAL', 'REGIMEN CAPITAL',
  'FECHA INICIO DE OPERACIONES', 'ESTATUS EN EL PADRON', 'FECHA DE ULTIMO CAMBIO DE ESTADO', 'NOMBRE COMERCIAL', 'CODIGO POSTAL', 'TIPO DE VIALIDAD',
  'NOMBRE DE VIALIDAD', 'NUMERO EXTERIOR', 'NUMERO INTERIOR', 'NOMBRE DE LA COLONIA', 'NOMBRE DE LA LOCALIDAD', 'NOMBRE DEL MUNICIPIO O DEMARCACION TERRITORIAL',
  'NOMBRE DEL MUNICIPIO', 'NOMBRE DE LA ENTIDAD FEDERATIVA', 'ENTRE CALLE', 'Y CALLE', 'REGIMENES',
];

const value = (lines: Lines, label: string) => {
  const found = labelledValue(lines, label, LABELS.filter((other) => other !== label && !fold(label).startsWith(other)));
  return found === null ? null : found.replace(/^[:.\s]+/, '').trim() || null;
};

const MONTHS = ['ENERO', 'FEBRERO', 'MARZO', 'ABRIL', 'MAYO', 'JUNIO', 'JULIO', 'AGOSTO', 'SEPTIEMBRE', 'OCTUBRE', 'NOVIEMBRE', 'DICIEMBRE'];

/** '09/11/2010' or '09 DE NOVIEMBRE DE 2010' as ISO. */
export function spanishDate(text: string): string | null {
  const numeric = /(\d{2})\s*[/-]\s*(\d{2})\s*[/-]\s*(\d{4})/.exec(text.replace(/O/g, '0'));
  if (numeric) return `${numeric[3]}-${numeric[2]}-${numeric[1]}`;
  const words = /(\d{1,2})\s+DE\s+([A-Z]+)\s+DE\s+(\d{4})/.exec(fold(text));
  const month = words ? MONTHS.indexOf(words[2]!) : -1;
  return words && month >= 0 ? `${words[3]}-${String(month + 1).padStart(2, '0')}-${words[1]!.padStart(2, '0')}` : null;
}

/**
 * The RFC printed after its label: its first word when that is an RFC's length (what follows on the
 * line may be the QR code read as letters), otherwise the line's characters.
 */
function printedRfc(text: string) {
  const [first = ''] = text.trim().split(/\s+/);
  const length = (value: string) => value.replace(/[^A-Z0-9Ñ&]/gi, '').length;
  if (length(first) === 12 || length(first) === 13) {
    const read = correctRfc(first);
    if (read) return read;
  }
  return findIdentifier([text], length(text) >= 13 ? 13 : 12, correctRfc);
}

export function readConstancia(lines: Lines, catalogue: PostalCatalogue, reading: Reading, qrRfc: string | null = null) {
  const { fields, uncertain } = reading;
  const rfcText = value(lines, 'RFC');
  const rfc = (rfcText ? printedRfc(rfcText) : null) ?? findIdentifier(lines, 13, correctRfc) ?? findIdentifier(lines, 12, correctRfc);
  if (qrRfc) {
    fields.rfc = qrRfc;
    // A printed RFC misread (its check digit fails) is simply corrected; a valid one that differs is another RFC.
    if (rfc?.sure && rfc.value !== qrRfc) uncertain.add('rfc');
  } else if (rfc) {
    fields.rfc = rfc.value;
    if (!rfc.sure) uncertain.add('rfc');
  }
  const company = fields.rfc?.length === 12 || findLabel(lines, 'DENOMINACION/RAZON SOCIAL') !== null;
  if (company) {
    const name = value(lines, 'DENOMINACION/RAZON SOCIAL') ?? value(lines, 'DENOMINACION / RAZON SOCIAL');
    if (name) fields.razon_social = name.toUpperCase().replace(/\s+/g, ' ');
    const started = value(lines, 'FECHA INICIO DE OPERACIONES');
    const date = started && spanishDate(started);
    if (date) fields.fecha_constitucion = date;
  } else {
    const curpText = value(lines, 'CURP');
    const curp = (curpText && findIdentifier([curpText], 18, correctCurp)) ?? findIdentifier(lines, 18, correctCurp);
    if (curp) {
      fields.curp = curp.value;
      if (!curp.sure) uncertain.add('curp');
    }
    const nombre = value(lines, 'NOMBRE (S)');
    const paterno = value(lines, 'PRIMER APELLIDO');
    const materno = value(lines, 'SEGUNDO APELLIDO');
    if (nombre) fields.nombre = cleanName(nombre);
    if (paterno) fields.apellido_paterno = cleanName(paterno);
    if (materno) fields.apellido_materno = cleanName(materno);
    // The RFC's first letters come from the names, as the CURP's do.
    if (fields.rfc && fields.curp && fields.rfc.slice(0, 10) !== fields.curp.slice(0, 10)) {
      uncertain.add('rfc');
      uncertain.add('curp');
    }
  }

  const street = [value(lines, 'TIPO DE VIALIDAD'), value(lines, 'NOMBRE DE VIALIDAD'), value(lines, 'NUMERO EXTERIOR')].filter(Boolean).join(' ');
  const inside = value(lines, 'NUMERO INTERIOR');
  if (street) fields.calle = (inside ? `${street} INT ${inside}` : street).toUpperCase().replace(/\s+/g, ' ');
  const code = value(lines, 'CODIGO POSTAL')?.replace(/O/g, '0').match(/\d{5}/)?.[0];
  if (code) placeFound(reading, placeAddress(catalogue, code, value(lines, 'NOMBRE DE LA COLONIA') ?? ''));

  const regimes = findLabel(lines, 'REGIMENES');
  if (regimes) {
    const row = lines.slice(regimes.index + 1).find((line) => /^R[EÉ]GIMEN\s+\S/.test(line) && !/FECHA\s*INICIO/.test(fold(line)));
    if (row) fields.regimen = row.replace(/\s*\d{2}\/\d{2}\/\d{4}.*$/, '').trim();
  }
}

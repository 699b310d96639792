// The pieces the legal forms share: paragraphs written as runs, the person's data as rows, the
// signing place and date, and who signs under the line.
import { longDate } from './format';
import type { PrintContext } from './form-header';
import type { Block, FieldRow, TextRun } from './packet-model';
import type { PrintedPerson } from './printed-person';

/** Where every legal form of the packet is signed (spec 02 §2). */
export const SIGNING_PLACE = 'Guadalajara, Jalisco, México';

/** What a paragraph prints in place of a name that is not known: a line to write it by hand. */
export const BLANK_LINE = '________________________________________';

export const bold = (text: string): TextRun => ({ text, bold: true });

/** A paragraph from plain strings and runs; neighbouring runs of the same weight become one. */
export function paragraph(...parts: (string | TextRun)[]): Block {
  const runs: TextRun[] = [];
  for (const part of parts) {
    const run = typeof part === 'string' ? { text: part } : part;
    const last = runs[runs.length - 1];
    if (run.text === '') continue;
    if (last && Boolean(last.bold) === Boolean(run.bold)) runs[runs.length - 1] = { ...last, text: last.text + run.text };
    else runs.push(run);
  }
  return { kind: 'paragraph', runs };
}

/** A name in bold inside a paragraph, or a line to write it when it is not known. */
export const nameRun = (name: string): TextRun => (name ? bold(name) : { text: BLANK_LINE });

/** The person's identification rows: name, RFC, CURP (natural persons), address (the fiscal one of a
 * PM or PFAE), phone, e-mail, and a PM's legal representative. */
export function personRows(person: PrintedPerson): FieldRow[] {
  const natural = person.kind !== 'PM';
  const rows: FieldRow[] = [
    { label: natural ? 'Nombre completo' : 'Denominación o razón social', value: person.name, wide: true },
    { label: 'Tipo de persona', value: person.personType },
    { label: 'RFC', value: person.rfc },
  ];
  if (natural) rows.push({ label: 'CURP', value: person.curp });
  rows.push(
    { label: person.kind === 'PF' ? 'Domicilio' : 'Domicilio fiscal', value: person.address, wide: true },
    { label: 'Teléfono', value: person.phone },
    { label: 'Correo electrónico', value: person.email },
  );
  if (person.kind === 'PM') rows.push({ label: 'Representante legal', value: person.representative, wide: true });
  return rows;
}

/** The place printed, and the day the packet prints as the date of signature. */
export const placeAndDate = (context: PrintContext): Block => ({
  kind: 'fields',
  rows: [
    { label: 'Lugar', value: SIGNING_PLACE },
    { label: 'Fecha', value: longDate(context.today) },
  ],
});

/** Who signs, as printed under the signature line: a PM through its legal representative. */
export function signer(person: PrintedPerson): string {
  if (person.kind !== 'PM') return person.name || 'Nombre y firma';
  const entity = person.name || 'la persona moral';
  return person.representative ? `${person.representative}, representante legal de ${entity}` : `Nombre y firma del representante legal de ${entity}`;
}

export const signatures = (person: PrintedPerson): Block => ({ kind: 'signatures', signers: [signer(person)] });

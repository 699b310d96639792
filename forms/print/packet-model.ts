// The printable packet as data (spec 02 §2 'Print views and packets'): the one template of every
// form, laid out by src/print/ as HTML for the browser's print and by server/print/ as a PDF. Every
// value here is already text as printed: money as es-MX, dates as dd/mm/aaaa, catalogue entries by
// name; an empty value is '' and prints as a blank line to fill by hand.

/** A run of text in a paragraph. */
export interface TextRun {
  text: string;
  bold?: boolean;
}

/** A labelled value: '' prints a blank line. `wide` takes the whole row. */
export interface FieldRow {
  label: string;
  value: string;
  wide?: boolean;
}

export type Block =
  /** A section title inside a form. */
  | { kind: 'heading'; text: string }
  /** Label and value pairs, laid out two per row unless wide; a row never splits across pages. */
  | { kind: 'fields'; rows: FieldRow[] }
  /** A table with a header row; empty cells print blank. */
  | { kind: 'table'; columns: string[]; rows: string[][] }
  | { kind: 'paragraph'; runs: TextRun[] }
  /** Options to tick by hand, each with an empty box. */
  | { kind: 'checkboxes'; options: string[] }
  /** Signature lines, each with the name or role printed under the line. */
  | { kind: 'signatures'; signers: string[] };

/** The header data of spec 02 §2: issue date, code and revision, and the company. */
export interface FormHeader {
  /** The form's name, as its title. */
  title: string;
  code: string;
  revision: string;
  /** dd/mm/aaaa */
  issued: string;
  company: string;
}

/** One form of the packet: it starts on a new page, and every page carries its code and number. */
export interface PrintForm {
  header: FormHeader;
  blocks: Block[];
}

export interface Packet {
  /** The document's title (the PDF's metadata, the print window's title). */
  title: string;
  forms: PrintForm[];
}

/** A section title. */
export const heading = (text: string): Block => ({ kind: 'heading', text });

/** Label and value rows. */
export const fields = (rows: FieldRow[]): Block => ({ kind: 'fields', rows });

/** The text of a paragraph without its marks: for tests and the PDF's searchable text. */
export const plainText = (runs: TextRun[]) => runs.map((run) => run.text).join('');

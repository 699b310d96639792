// Reads the official files (the high-risk lists, the catalogues, SEPOMEX) with kept parsers,
// strict about their layout: a changed layout fails with the file and the line instead of
// dropping entries.
import { CsvError, parse } from 'csv-parse/sync';
import { XMLParser, XMLValidator } from 'fast-xml-parser';

export class OfficialFileError extends Error {
  constructor(
    /** The file's name, as the data folder or the command knows it. */
    readonly file: string,
    /** 1-based; null when the fault is the whole file's. */
    readonly line: number | null,
    detail: string,
  ) {
    super(`${file}${line === null ? '' : `, line ${line}`}: ${detail}`);
    this.name = 'OfficialFileError';
  }
}

export interface CsvOptions {
  /** The column names of a file without a header line; without it the first line read is the header. */
  columns?: readonly string[];
  /** Header columns the reader needs (files with a header line). */
  required?: readonly string[];
  delimiter?: string;
  /** false for files that never quote (SEPOMEX). */
  quote?: boolean;
  /** 1-based line where the header (or the first row) is. */
  fromLine?: number;
}

export interface CsvRecord {
  values: Record<string, string>;
  /** The line the record ends on, 1-based. */
  line: number;
}

/** Every record of a CSV file; a row whose length differs from the header's, or a broken quote, throws. */
export function readCsv(file: string, text: string, options: CsvOptions = {}): CsvRecord[] {
  let header: string[] = [];
  // The line the last whole record ended on: an unclosed quote runs to the end, so its record starts after it.
  let lastLine = (options.fromLine ?? 1) - (options.columns ? 1 : 0);
  let rows: Array<{ record: Record<string, string>; info: { lines: number } }>;
  try {
    rows = parse(text, {
      bom: true,
      columns: options.columns
        ? [...options.columns]
        : (names: string[]) => {
            header = names.map((name) => name.trim());
            return header;
          },
      delimiter: options.delimiter ?? ',',
      quote: options.quote === false ? false : '"',
      from_line: options.fromLine ?? 1,
      skip_empty_lines: true,
      info: true,
      on_record: (row: unknown, context: { lines: number }) => {
        lastLine = context.lines;
        return row;
      },
    }) as typeof rows;
  } catch (error) {
    if (error instanceof CsvError) {
      const line = error.code === 'CSV_QUOTE_NOT_CLOSED' ? lastLine + 1 : csvErrorLine(error);
      throw new OfficialFileError(file, line, `${error.code}: ${error.message}`);
    }
    throw error;
  }
  const missing = (options.required ?? []).filter((name) => !header.includes(name));
  if (missing.length) throw new OfficialFileError(file, options.fromLine ?? 1, `missing columns: ${missing.join(', ')}`);
  return rows.map(({ record, info }) => ({ values: record, line: info.lines }));
}

function csvErrorLine(error: CsvError): number | null {
  const lines = (error as CsvError & { lines?: number }).lines;
  return typeof lines === 'number' ? lines : null;
}

/** The 1-based line of a character offset. */
export function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

const XML_META = XMLParser.getMetaDataSymbol();

export type XmlNode = Record<string, unknown>;

/**
 * Parses a well-formed XML file into plain objects (text kept as text, attributes under '@_').
 * `arrays` names the elements that repeat; `lineOf` gives a parsed element's line for errors.
 */
export function readXml(file: string, xml: string, arrays: readonly string[]): { root: XmlNode; lineOf(node: unknown): number | null } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new OfficialFileError(file, valid.err.line, `${valid.err.code}: ${valid.err.msg}`);
  const repeated = new Set(arrays);
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '@_',
    parseTagValue: false,
    parseAttributeValue: false,
    captureMetaData: true,
    isArray: (name) => repeated.has(name),
  });
  const root = parser.parse(xml) as XmlNode;
  return {
    root,
    lineOf(node) {
      const meta = node && typeof node === 'object' ? (node as Record<symbol, { startIndex?: number } | undefined>)[XML_META as symbol] : undefined;
      return meta?.startIndex === undefined ? null : lineAt(xml, meta.startIndex);
    },
  };
}

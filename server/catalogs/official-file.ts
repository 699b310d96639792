// Reads the official files (the high-risk lists, the catalogues, SEPOMEX) with kept parsers,
// strict about their layout: a changed layout fails with the file and the line instead of
// dropping entries.
import { CsvError, parse, type Options as ParseOptions } from 'csv-parse/sync';
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

export interface CsvTable {
  /** The header's names (trimmed), or the column names given. */
  header: string[];
  /** The rows after the header, each as long as the header. */
  rows: string[][];
  /** Each row as an object keyed by the header. */
  records(): Record<string, string>[];
  /** The 1-based line row `index` ends on (parses the file again: meant for error messages). */
  lineOf(index: number): number;
}

/** Every row of a CSV file; a row whose length differs from the header's, or a broken quote, throws. */
export function readCsv(file: string, text: string, options: CsvOptions = {}): CsvTable {
  const fromLine = options.fromLine ?? 1;
  const base: ParseOptions = {
    bom: true,
    delimiter: options.delimiter ?? ',',
    quote: options.quote === false ? false : '"',
    from_line: fromLine,
    skip_empty_lines: true,
  };
  let all: string[][];
  try {
    all = parse(text, base) as string[][];
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    throw new OfficialFileError(file, error.code === 'CSV_QUOTE_NOT_CLOSED' ? unclosedQuoteLine(text, base) : csvErrorLine(error), `${error.code}: ${error.message}`);
  }
  const header = options.columns ? [...options.columns] : (all.shift() ?? []).map((name) => name.trim());
  const width = options.columns ? all[0]?.length : header.length;
  if (width !== undefined && width !== header.length) {
    throw new OfficialFileError(file, fromLine, `${width} columns where ${header.length} were expected (${header.join(', ')})`);
  }
  const missing = (options.required ?? []).filter((name) => !header.includes(name));
  if (missing.length) throw new OfficialFileError(file, fromLine, `missing columns: ${missing.join(', ')}`);
  let lines: number[] | undefined;
  return {
    header,
    rows: all,
    records: () => all.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]]))),
    lineOf(index) {
      lines ??= (parse(text, { ...base, info: true }) as unknown as Array<{ info: { lines: number } }>).map((row) => row.info.lines).slice(options.columns ? 0 : 1);
      return lines[index] ?? lines.length;
    },
  };
}

/** An unclosed quote runs to the end of the file: its record starts on the line after the last whole record. */
function unclosedQuoteLine(text: string, base: ParseOptions): number {
  let lastLine = Number(base.from_line ?? 1) - 1;
  try {
    parse(text, {
      ...base,
      on_record: (row: string[], context: { lines: number }) => {
        lastLine = context.lines;
        return row;
      },
    });
  } catch {
    // the same error again
  }
  return lastLine + 1;
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
 * `arrays` names the elements that repeat. `lineOf` finds an element's line for an error by parsing
 * again with positions (which doubles the parse time, so only when there is an error to report).
 */
export function readXml(file: string, xml: string, arrays: readonly string[]): { root: XmlNode; lineOf(find: (root: XmlNode) => unknown): number | null } {
  // The parser alone reads some truncated files without a word: the validator does not.
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new OfficialFileError(file, valid.err.line, `${valid.err.code}: ${valid.err.msg}`);
  const repeated = new Set(arrays);
  const parse = (captureMetaData: boolean) =>
    new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      parseTagValue: false,
      parseAttributeValue: false,
      captureMetaData,
      isArray: (name) => repeated.has(name),
    }).parse(xml) as XmlNode;
  return {
    root: parse(false),
    lineOf(find) {
      const node = find(parse(true));
      const meta = node && typeof node === 'object' ? (node as Record<symbol, { startIndex?: number } | undefined>)[XML_META as symbol] : undefined;
      return meta?.startIndex === undefined ? null : lineAt(xml, meta.startIndex);
    },
  };
}

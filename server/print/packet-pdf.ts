// The packet as a PDF (spec 02 §2): the same blocks src/print/ lays out for the browser's print,
// drawn by pdfmake with real text and its Roboto fonts embedded (subset, accents and Ñ included),
// on letter paper with a wide left margin for a hole punch. Each form starts a page, no table row
// splits across pages, and every page's footer carries its form's code and the page number. The
// bytes depend only on the packet and its date: the same record on the same day gives the same file.
import { createRequire } from 'node:module';
import path from 'node:path';
import pdfmake from 'pdfmake';
import type { Content, ContentText, TDocumentDefinitions, TableCell } from 'pdfmake/interfaces';
import { plainText, type Block, type FieldRow, type Packet, type PrintForm } from '../../forms/print/packet-model';

const fontDir = path.join(path.dirname(createRequire(import.meta.url).resolve('pdfmake/package.json')), 'fonts', 'Roboto');
const FONTS = {
  Roboto: {
    normal: path.join(fontDir, 'Roboto-Regular.ttf'),
    bold: path.join(fontDir, 'Roboto-Medium.ttf'),
    italics: path.join(fontDir, 'Roboto-Italic.ttf'),
    bolditalics: path.join(fontDir, 'Roboto-MediumItalic.ttf'),
  },
};
pdfmake.setFonts(FONTS);
// Only the fonts above are read from disk, and nothing from the network.
pdfmake.setLocalAccessPolicy((file: string) => file.startsWith(fontDir));
pdfmake.setUrlAccessPolicy(() => false);

/**
 * Letter, in points (left, top, right, bottom): 1.25 in on the left for the punch, 0.75 in on the right,
 * 40 pt (0.56 in) at the top and 48 pt (0.67 in) at the foot, room for the footer.
 */
const PAGE_MARGINS: [number, number, number, number] = [90, 40, 54, 48];
const LINE = '#444444';
/** The width between the margins. */
const TEXT_WIDTH = 612 - PAGE_MARGINS[0] - PAGE_MARGINS[2];
/** A signature's line, and the gap between two signers' columns. */
const SIGNATURE_LINE = 190;
const SIGNATURE_GAP = 20;
/** A section title's margins: 8 pt above, 4 below. */
const SECTION_MARGIN: [number, number, number, number] = [0, 8, 0, 4];
/** The room under a section title for it and the first row of what it heads; with less, the title starts the next page. */
const TITLE_ROOM = 64;
/** The room a headline needs below where it starts: a title over fields (headedFields, a stack) starts above its title's top margin. */
const titleRoom = (node: { stack?: unknown }) => TITLE_ROOM + (node.stack ? SECTION_MARGIN[1] : 0);
/**
 * What a signature signs, kept on its page with it: a paragraph, or a row or two of fields (the place
 * and date). Only short ones: pdfmake keeps just the first page of a block that cannot break.
 */
const keptWithSignature = (block: Block) =>
  (block.kind === 'paragraph' && plainText(block.runs).length <= 1500) || (block.kind === 'fields' && block.rows.length <= 4);

/**
 * A table's column widths in points: shared in proportion to each column's longest word, so an
 * e-mail or an RFC (which cannot wrap) gets the room it needs and the table fits between the margins.
 */
function columnWidths(rows: string[][], count: number): number[] {
  const longest = Array.from({ length: count }, (_, column) => Math.max(4, ...rows.map((row) => Math.max(0, ...(row[column] ?? '').split(/\s+/).map((word) => word.length)))));
  const total = longest.reduce((sum, width) => sum + width, 0);
  // Each cell's padding and rules take about 9 points of its width.
  return longest.map((width) => Math.floor(((TEXT_WIDTH - 9 * count) * width) / total));
}
const blank = (value: string) => (value === '' ? ' ' : value);

/** Label and value pairs, two to a row; a wide one takes the row. The value sits on a line to sign or fill. */
function fieldsBody(rows: FieldRow[]): TableCell[][] {
  const body: TableCell[][] = [];
  let pending: FieldRow[] = [];
  const cell = (row: FieldRow, span = 1): TableCell[] => [
    { text: row.label, style: 'label' },
    { text: blank(row.value), style: 'value', colSpan: span, border: [false, false, false, true] },
    ...Array<TableCell>(span - 1).fill(''),
  ];
  const flush = () => {
    if (pending.length === 1) body.push([...cell(pending[0]!), { text: '', colSpan: 2 }, '']);
    if (pending.length === 2) body.push([...cell(pending[0]!), ...cell(pending[1]!)]);
    pending = [];
  };
  for (const row of rows) {
    if (row.wide) {
      flush();
      body.push(cell(row, 3));
    } else {
      pending.push(row);
      if (pending.length === 2) flush();
    }
  }
  flush();
  return body;
}

/** `continued`: the rest of a table whose first row printed above it, with no line of its own on top (its height is the whole table's). */
const fieldsTable = (body: TableCell[][], { margin = [0, 2, 0, 8], continued = false }: { margin?: [number, number, number, number]; continued?: boolean } = {}): Content => ({
  table: { widths: [95, '*', 95, '*'], body, dontBreakRows: true },
  layout: { defaultBorder: false, hLineColor: LINE, hLineWidth: (i: number) => (continued && i === 0 ? 0 : 0.5), paddingTop: () => 4, paddingBottom: () => 2 },
  margin,
});

const sectionTitle = (text: string): ContentText => ({ text, style: 'section' });

/**
 * Fields under their section title: the title and the first row are one block that cannot break,
 * so the title moves to the next page with that row however many lines it takes; the other rows
 * follow in a table of the same columns, which reads as one table. The block is a headline too, so
 * like any title it does not start in the last TITLE_ROOM of a page (titleRoom).
 */
function headedFields(title: string, rows: FieldRow[]): Content {
  const [first, ...rest] = fieldsBody(rows);
  const opening: Content = {
    stack: [sectionTitle(title), fieldsTable(first ? [first] : [], { margin: [0, 2, 0, rest.length > 0 ? 0 : 8] })],
    unbreakable: true,
    headlineLevel: 1,
  };
  return rest.length > 0 ? { stack: [opening, fieldsTable(rest, { margin: [0, 0, 0, 8], continued: true })] } : opening;
}

function blockContent(block: Block): Content {
  switch (block.kind) {
    case 'heading':
      // headlineLevel: pageBreakBefore (below) keeps it off a page's foot.
      return { ...sectionTitle(block.text), headlineLevel: 1 };
    case 'fields':
      return fieldsTable(fieldsBody(block.rows));
    case 'table': {
      const width = Math.max(block.columns.length, ...block.rows.map((row) => row.length), 1);
      // Six columns or more print a size smaller.
      const fontSize = width >= 6 ? 7.5 : 8.5;
      const header = block.columns.length > 0 ? [block.columns.map((column) => ({ text: column, style: 'tableHeader', fontSize }))] : [];
      const rows = (block.rows.length > 0 ? block.rows : [Array<string>(width).fill('')]).map((row) =>
        Array.from({ length: width }, (_, i) => ({ text: blank(row[i] ?? ''), style: 'cell', fontSize })),
      );
      return {
        table: { headerRows: header.length, widths: columnWidths([block.columns, ...block.rows], width), body: [...header, ...rows], dontBreakRows: true },
        layout: { hLineColor: LINE, vLineColor: LINE, hLineWidth: () => 0.5, vLineWidth: () => 0.5 },
        margin: [0, 2, 0, 8],
      };
    }
    case 'paragraph':
      return { text: block.runs.map((run) => (run.bold ? { text: run.text, bold: true } : run.text)), style: 'paragraph' } as ContentText;
    case 'checkboxes':
      return {
        table: { widths: [10, '*'], body: block.options.map((option) => [{ text: ' ', border: [true, true, true, true] }, { text: option, border: [false, false, false, false] }]), dontBreakRows: true },
        layout: { hLineWidth: () => 0.75, vLineWidth: () => 0.75, paddingTop: () => 2, paddingBottom: () => 2 },
        margin: [0, 2, 0, 8],
      };
    case 'signatures': {
      // Equal columns, each with its line centred and the signer's name centred under it.
      const count = Math.max(block.signers.length, 1);
      const column = (TEXT_WIDTH - SIGNATURE_GAP * (count - 1)) / count;
      const line = Math.min(SIGNATURE_LINE, column);
      const x1 = (column - line) / 2;
      return {
        stack: [
          {
            columns: block.signers.map((signer) => ({
              width: column,
              stack: [{ canvas: [{ type: 'line', x1, y1: 0, x2: x1 + line, y2: 0, lineWidth: 0.75, lineColor: LINE }] }, { text: signer, style: 'signer' }],
            })),
            columnGap: SIGNATURE_GAP,
          },
        ],
        margin: [0, 28, 0, 0],
        unbreakable: true,
      };
    }
  }
}

const withoutHeadline = (content: Content): Content => {
  if (typeof content !== 'object' || content === null || !('headlineLevel' in content)) return content;
  const { headlineLevel: _dropped, ...rest } = content;
  return rest as Content;
};

/**
 * A form's blocks as content, the signatures kept on one page with what they sign: the short
 * paragraphs (the declaration, the place and date) or place-and-date fields just before them, at most two.
 */
function formContent(blocks: Block[]): Content[] {
  const content: Content[] = [];
  blocks.forEach((block, index) => {
    // A title over fields goes with them, as one content (headedFields), so what precedes a signature stays one content a block.
    const next = blocks[index + 1];
    if (block.kind === 'heading' && next?.kind === 'fields' && next.rows.length > 0) return;
    const previous = blocks[index - 1];
    if (block.kind === 'fields' && previous?.kind === 'heading' && block.rows.length > 0) return void content.push(headedFields(previous.text, block.rows));
    if (block.kind !== 'signatures') return void content.push(blockContent(block));
    let kept = 0;
    while (kept < 2 && index - kept - 1 >= 0 && keptWithSignature(blocks[index - kept - 1]!)) kept++;
    // No headline inside: a page break the title rule asked for within an unbreakable block would
    // leave it an empty first page, and pdfmake prints only that one (the signature would vanish).
    const signed = content.splice(content.length - kept, kept).map(withoutHeadline);
    content.push({ stack: [...signed, blockContent(block)], unbreakable: true });
  });
  return content;
}

/** A form's header: title, company, and the code, revision and issue date (spec 02 §2). */
function headerContent(form: PrintForm): Content[] {
  const { title, company, code, revision, issued } = form.header;
  return [
    {
      table: {
        widths: ['*', 'auto'],
        body: [
          [
            { stack: [{ text: company, style: 'company' }, { text: title, style: 'title' }] },
            { stack: [`Código: ${code}`, `Revisión: ${revision}`, `Fecha de emisión: ${issued}`], style: 'issue' },
          ],
        ],
      },
      layout: { hLineWidth: (i: number) => (i === 1 ? 1 : 0), vLineWidth: () => 0, hLineColor: LINE, paddingBottom: () => 6 },
      margin: [0, 0, 0, 10],
    },
  ];
}

export function packetDefinition(packet: Packet, date: Date): TDocumentDefinitions {
  // The first node of each form: after layout pdfmake records the page it landed on, which the
  // footer reads to print that page's form code.
  const starts: Array<{ code: string; node: { positions?: Array<{ pageNumber: number }> } }> = [];
  const content = packet.forms.map((form, index) => {
    const [header, ...rest] = headerContent(form);
    const first = { ...(header as object), ...(index > 0 ? { pageBreak: 'before' } : {}) } as Content & { positions?: Array<{ pageNumber: number }> };
    starts.push({ code: form.header.code, node: first });
    return [first, ...rest, ...formContent(form.blocks)];
  });
  const codeOfPage = (page: number) => [...starts].reverse().find((start) => (start.node.positions?.[0]?.pageNumber ?? Infinity) <= page)?.code ?? '';
  return {
    pageSize: 'LETTER',
    pageMargins: PAGE_MARGINS,
    info: { title: packet.title, author: packet.forms[0]?.header.company ?? '', creator: 'Solicitud en línea', producer: 'Solicitud en línea', creationDate: date, modDate: date },
    content,
    // A section title never ends a page: it moves to the next with what it heads, when nothing follows
    // it on its page or too little room is left for the first row of what it heads (a table begins
    // on the page, yet its first row, which cannot break, goes to the next). A title over fields is
    // kept with their first row however tall it is (headedFields); this rule serves the others.
    pageBreakBefore: (node, queries) =>
      node.headlineLevel === 1 &&
      (queries.getFollowingNodesOnPage().length === 0 || node.startPosition.pageInnerHeight * (1 - node.startPosition.verticalRatio) < titleRoom(node)),
    footer: (page: number, count: number) => ({
      columns: [
        { text: codeOfPage(page), alignment: 'left' },
        { text: `Página ${page} de ${count}`, alignment: 'right' },
      ],
      margin: [PAGE_MARGINS[0], 20, PAGE_MARGINS[2], 0],
      style: 'footer',
    }),
    defaultStyle: { font: 'Roboto', fontSize: 9, lineHeight: 1.15 },
    styles: {
      company: { fontSize: 8, color: '#333333' },
      title: { fontSize: 13, bold: true, margin: [0, 2, 0, 0] },
      issue: { fontSize: 8, alignment: 'right' },
      section: { fontSize: 10.5, bold: true, margin: SECTION_MARGIN },
      label: { fontSize: 8, color: '#333333' },
      value: { fontSize: 9 },
      tableHeader: { fontSize: 8, bold: true },
      cell: { fontSize: 8.5 },
      paragraph: { margin: [0, 0, 0, 5], alignment: 'justify' },
      signer: { fontSize: 8, alignment: 'center', margin: [0, 3, 0, 0] },
      footer: { fontSize: 7.5, color: '#333333' },
    },
  };
}

/** The packet's PDF bytes. */
export async function packetPdf(packet: Packet, date: Date): Promise<Buffer> {
  return pdfmake.createPdf(packetDefinition(packet, date)).getBuffer();
}

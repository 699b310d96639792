// A record's own bureau request (`formatobce.html`, spec 02 §2) as packet blocks. DOMPurify keeps
// only headings, paragraphs, lists, tables and bold text; the rest (scripts, event handlers,
// `javascript:` links, iframes, styles that could hide text, every attribute) is gone before the
// walk below turns what is left into blocks. Neither output ever renders the html itself.
import DOMPurify from 'isomorphic-dompurify';
import type { Block, TextRun } from '../../forms/print/packet-model';

const ALLOWED_TAGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'div', 'section', 'br', 'b', 'strong', 'i', 'em', 'u', 'span', 'ul', 'ol', 'li', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'caption'];

const TEXT_NODE = 3;
const ELEMENT_NODE = 1;
const HEADING = /^H[1-6]$/;
const BOLD = new Set(['B', 'STRONG', 'TH']);
const BLOCKS = new Set(['P', 'DIV', 'SECTION', 'UL', 'OL', 'LI', 'TABLE', 'CAPTION', ...['H1', 'H2', 'H3', 'H4', 'H5', 'H6']]);

/** Whitespace as a browser shows it: runs collapse to one space. */
const collapse = (text: string) => text.replace(/\s+/g, ' ');

/** The text runs of an inline stretch: bold where a b/strong holds it; br breaks the line. */
function runsOf(node: Node, bold = false, runs: TextRun[] = []): TextRun[] {
  for (const child of Array.from(node.childNodes)) {
    if (child.nodeType === TEXT_NODE) {
      const text = collapse(child.textContent ?? '');
      if (text) runs.push(bold ? { text, bold: true } : { text });
    } else if (child.nodeType === ELEMENT_NODE) {
      const element = child as Element;
      if (element.tagName === 'BR') runs.push({ text: '\n' });
      else runsOf(element, bold || BOLD.has(element.tagName), runs);
    }
  }
  return runs;
}

/** Runs with neighbours of the same weight joined and the outer spaces trimmed; empty when there is no text. */
function trimmed(runs: TextRun[]): TextRun[] {
  const kept: TextRun[] = [];
  for (const run of runs) {
    const last = kept.at(-1);
    if (last && Boolean(last.bold) === Boolean(run.bold)) last.text = (last.text + run.text).replace(/ {2,}/g, ' ');
    else kept.push({ ...run });
  }
  if (kept[0]) kept[0].text = kept[0].text.replace(/^ +/, '');
  const last = kept.at(-1);
  if (last) last.text = last.text.replace(/ +$/, '');
  return kept.filter((run) => run.text !== '');
}

/** The runs of one node of an inline stretch. */
function inlineRuns(node: Node): TextRun[] {
  if (node.nodeType === TEXT_NODE) return [{ text: collapse(node.textContent ?? '') }];
  if (node.nodeType !== ELEMENT_NODE) return [];
  const element = node as Element;
  return element.tagName === 'BR' ? [{ text: '\n' }] : runsOf(element, BOLD.has(element.tagName));
}

const cellText = (cell: Element) => trimmed(runsOf(cell)).map((run) => run.text).join('');

function tableBlock(table: Element): Block {
  const rows = Array.from(table.querySelectorAll('tr')).filter((row) => row.closest('table') === table);
  const cells = rows.map((row) => Array.from(row.children).filter((cell) => cell.tagName === 'TD' || cell.tagName === 'TH'));
  const headed = cells[0] !== undefined && cells[0].length > 0 && cells[0].every((cell) => cell.tagName === 'TH');
  const width = Math.max(1, ...cells.map((row) => row.length));
  const pad = (row: string[]) => [...row, ...Array<string>(width - row.length).fill('')];
  const body = (headed ? cells.slice(1) : cells).map((row) => pad(row.map(cellText)));
  return { kind: 'table', columns: headed ? pad(cells[0]!.map(cellText)) : [], rows: body };
}

/** The blocks of a container: each block element its block, inline stretches between them a paragraph. */
function blocksOf(container: Node, blocks: Block[] = [], bullet = ''): Block[] {
  let inline: Node[] = [];
  const flush = () => {
    const runs = trimmed(inline.flatMap(inlineRuns));
    if (runs.length > 0) blocks.push({ kind: 'paragraph', runs: bullet ? [{ text: bullet }, ...runs] : runs });
    inline = [];
  };
  for (const child of Array.from(container.childNodes)) {
    const element = child.nodeType === ELEMENT_NODE ? (child as Element) : null;
    if (!element || !BLOCKS.has(element.tagName)) {
      inline.push(child);
      continue;
    }
    flush();
    if (HEADING.test(element.tagName)) {
      const text = cellText(element);
      if (text) blocks.push({ kind: 'heading', text });
    } else if (element.tagName === 'TABLE') {
      const caption = Array.from(element.children).find((child) => child.tagName === 'CAPTION');
      const title = caption ? cellText(caption) : '';
      if (title) blocks.push({ kind: 'heading', text: title });
      blocks.push(tableBlock(element));
    } else if (element.tagName === 'UL' || element.tagName === 'OL') {
      Array.from(element.children).forEach((item, index) => blocksOf(item, blocks, element.tagName === 'OL' ? `${index + 1}. ` : '• '));
    } else {
      blocksOf(element, blocks, element.tagName === 'LI' ? bullet : '');
    }
  }
  flush();
  return blocks;
}

/** The sanitised blocks of a bureau request's html; null when it holds no text (the standard form prints). */
export function bureauBlocks(html: unknown): Block[] | null {
  if (typeof html !== 'string' || html.trim() === '') return null;
  const fragment = DOMPurify.sanitize(html, { ALLOWED_TAGS, ALLOWED_ATTR: [], RETURN_DOM_FRAGMENT: true });
  const blocks = blocksOf(fragment);
  return blocks.length > 0 ? blocks : null;
}

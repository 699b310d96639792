// The packet laid out for the browser's print (spec 02 §2): the same blocks server/print/ draws
// as the PDF. Each form starts a page of its own named page, whose margin boxes print the form's
// code and the page number (print-pages.ts); rows, fields and signatures never split across pages.
import { Fragment, type CSSProperties, type ReactNode } from 'react';
import type { Block, FieldRow, Packet, PrintForm, TextRun } from '../../forms/print/packet-model';
import { pageName } from './print-pages';

function Runs({ runs }: { runs: TextRun[] }) {
  return runs.map((run, index) => {
    const lines = run.text.split('\n').map((line, i) => (
      <Fragment key={i}>
        {i > 0 && <br />}
        {line}
      </Fragment>
    ));
    return run.bold ? <strong key={index}>{lines}</strong> : <Fragment key={index}>{lines}</Fragment>;
  });
}

/** A word longer than this may not fit its column: it may break after its punctuation ('@', '.'), or else every this many characters. */
const LONG_WORD = 16;
const LONG_WORD_PIECES = new RegExp(`.{1,${LONG_WORD}}`, 'gu');

/**
 * A table cell's text, whose long words (an e-mail, a web address) can break at their punctuation
 * rather than overflow the page, and whose short words with a hyphen (a phone, 331-234-5678) stay whole.
 */
export function breakable(text: string): ReactNode[] {
  return text.split(/(\s+)/).flatMap((word, w) => {
    if (word.length <= LONG_WORD) return word.includes('-') ? [<span key={w} className="whole-word">{word}</span>] : [word];
    const pieces = word.split(/(?<=[@._/-])/).flatMap((piece) => piece.match(LONG_WORD_PIECES) ?? []);
    return pieces.flatMap((piece, p) => (p === 0 ? [piece] : [<wbr key={`${w}-${p}`} />, piece]));
  });
}

function Field({ row }: { row: FieldRow }) {
  return (
    <div className={row.wide ? 'print-field wide' : 'print-field'}>
      <dt>{row.label}</dt>
      <dd className={row.value === '' ? 'blank' : undefined}>{row.value}</dd>
    </div>
  );
}

function BlockView({ block }: { block: Block }) {
  switch (block.kind) {
    case 'heading':
      return <h3 className="print-section">{block.text}</h3>;
    case 'fields':
      return (
        <dl className="print-fields">
          {block.rows.map((row, index) => (
            <Field key={index} row={row} />
          ))}
        </dl>
      );
    case 'table':
      return (
        <table className="print-table">
          {block.columns.length > 0 && (
            <thead>
              <tr>
                {block.columns.map((column, index) => (
                  <th key={index} scope="col">
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
          )}
          <tbody>
            {block.rows.map((row, r) => (
              <tr key={r}>
                {row.map((cell, c) => (
                  <td key={c}>{breakable(cell)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      );
    case 'paragraph':
      return (
        <p className="print-paragraph">
          <Runs runs={block.runs} />
        </p>
      );
    case 'checkboxes':
      return (
        <ul className="print-checkboxes">
          {block.options.map((option, index) => (
            <li key={index}>
              <span className="print-box" aria-hidden="true" />
              {option}
            </li>
          ))}
        </ul>
      );
    case 'signatures':
      return (
        <div className="print-signatures">
          {block.signers.map((signer, index) => (
            <div key={index} className="print-signature">
              <span className="print-signature-line" aria-hidden="true" />
              {signer}
            </div>
          ))}
        </div>
      );
  }
}

function FormView({ form, index, page }: { form: PrintForm; index: number; page: string }) {
  const { title, company, code, revision, issued } = form.header;
  const titleId = `print-form-${index}`;
  return (
    // An article, not a region: a packet repeats a form (one per guarantor), and landmarks must be unique.
    <article className="print-form" style={{ page } as CSSProperties} aria-labelledby={titleId} data-code={code}>
      <header className="print-form-header">
        <div>
          <p className="print-company">{company}</p>
          <h2 id={titleId}>{title}</h2>
        </div>
        <dl className="print-issue">
          <div>
            <dt>Código:</dt> <dd>{code}</dd>
          </div>
          <div>
            <dt>Revisión:</dt> <dd>{revision}</dd>
          </div>
          <div>
            <dt>Fecha de emisión:</dt> <dd>{issued}</dd>
          </div>
        </dl>
      </header>
      {form.blocks.map((block, blockIndex) => (
        <BlockView key={blockIndex} block={block} />
      ))}
    </article>
  );
}

export function PacketView({ packet }: { packet: Packet }) {
  return (
    <article className="print-packet" aria-label={packet.title}>
      {packet.forms.map((form, index) => (
        <FormView key={index} form={form} index={index} page={pageName(packet, form.header.code)} />
      ))}
    </article>
  );
}

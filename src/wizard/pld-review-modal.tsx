// The PLD review (spec 02 §4 'PLD review screen'): a table per party kind with the matches found,
// columns selection, nombre, RFC and lista; 'Guardar y cerrar' marks them validated. It cannot be
// closed by clicking outside; closing it otherwise keeps the person on the tab, still held. A ticked
// match is confirmed (this is the person, not a homonym) and needs its written reason, checked by the
// same rule the server applies (forms/contracts/pld.ts pldReasonSchema).
import { Button, Checkbox, DialogBody, DialogFooter, FormGroup, H3, HTMLTable, TextArea } from '@blueprintjs/core';
import { Dialog } from '../components/dialog';
import { useSelector } from '@xstate/react';
import { Fragment, useState } from 'react';
import { NOTICES } from '../../forms/messages';
import { matchKey, type PldGroup, type PldMatch } from '../../forms/pld';
import { reasonProblems } from '../../forms/pld-outcome';
import { selectGroups, selectReasons, selectSelected, type PldReviewRef } from './pld-review-selectors';
import { EmptyRow, TableHead, TableRegion } from '../components/table-parts';

/**
 * The tables of the review (spec 02 §4), after the client's. `company`: parties only a legal entity
 * has; a natural person's review leaves those tables out (they could only ever be empty).
 */
const TABLES: Array<{ group: PldGroup; caption: string; company?: true }> = [
  { group: 'legalRepresentative', caption: 'Representantes legales', company: true },
  { group: 'accionistas', caption: 'Accionistas', company: true },
  { group: 'guarantees', caption: 'Avales', company: true },
  { group: 'guaranteeRepresentatives', caption: 'Representantes de avales', company: true },
  { group: 'HeritageBond', caption: 'Personas con vínculo patrimonial' },
];

export interface PldReviewModalProps {
  review: PldReviewRef;
  isOpen: boolean;
  company: boolean;
  onSave: () => void;
  onClose: () => void;
}

export function PldReviewModal({ review, isOpen, company, onSave, onClose }: PldReviewModalProps) {
  const groups = useSelector(review, selectGroups);
  const selected = useSelector(review, selectSelected);
  const reasons = useSelector(review, selectReasons);
  // The reasons' messages show once 'Guardar y cerrar' was tried, as a refused step's do.
  const [tried, setTried] = useState(false);
  const problems = tried ? reasonProblems({ groups, selected, reasons }) : {};
  const save = () => {
    const missing = Object.keys(reasonProblems({ groups, selected, reasons }));
    if (missing.length === 0) return onSave();
    setTried(true);
    document.getElementById(reasonId(missing[0]!))?.focus();
  };
  return (
    // Blueprint's × is labelled in English: 'Cerrar' in the footer (and Escape) close instead.
    // Opened, the focus on the first match's box: the review starts there (Blueprint would leave it on its focus trap's edge).
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title={NOTICES.pldHeading}
      canOutsideClickClose={false}
      isCloseButtonShown={false}
      className="pld-dialog"
      onOpened={(dialog) => dialog.querySelector<HTMLElement>('input[type="checkbox"]')?.focus()}
    >
      <DialogBody>
        <p>
          Marca las coincidencias que corresponden a las personas de esta solicitud (las que no marques quedan como homónimos),
          escribe el motivo de cada confirmación y guarda para continuar.
        </p>
        {[{ group: company ? ('pm' as const) : ('pf' as const), caption: 'Cliente' }, ...TABLES.filter((table) => company || !table.company || groups[table.group].length > 0)].map(({ group, caption }) => (
          <MatchTable
            key={group}
            group={group}
            caption={caption}
            matches={groups[group]}
            selected={selected}
            reasons={reasons}
            problems={problems}
            onToggle={(index) => review.send({ type: 'match.toggled', group, index })}
            onReason={(index, text) => review.send({ type: 'reason.changed', group, index, text })}
          />
        ))}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cerrar" onClick={onClose} />
            <Button intent="primary" text="Guardar y cerrar" onClick={save} />
          </>
        }
      />
    </Dialog>
  );
}

/** The spec's columns of a match table (02 §4). */
const COLUMNS = ['Selección', 'Nombre', 'RFC', 'Lista'];

/** The reason field of a selected match (`${group}:${index}`). */
const reasonId = (selectedKey: string) => `pld-motivo-${selectedKey.replace(':', '-')}`;

interface MatchTableProps {
  group: PldGroup;
  caption: string;
  matches: PldMatch[];
  selected: string[];
  reasons: Record<string, string>;
  /** Messages of the reasons refused, by `${group}:${index}`. */
  problems: Record<string, string>;
  onToggle: (index: number) => void;
  onReason: (index: number, text: string) => void;
}

function MatchTable({ group, caption, matches, selected, reasons, problems, onToggle, onReason }: MatchTableProps) {
  const titleId = `pld-${group}`;
  return (
    <div className="pld-table">
      <H3 id={titleId} className="pld-table-title">
        {caption}
      </H3>
      <TableRegion labelledBy={titleId}>
        <HTMLTable compact striped className="card-table" aria-labelledby={titleId}>
          <TableHead columns={COLUMNS} />
          <tbody>
            {matches.length === 0 ? (
              <EmptyRow columns={COLUMNS.length} text={NOTICES.noMatches} />
            ) : (
              matches.map((match, index) => {
                const nameId = `pld-${group}-${index}`;
                const key = `${group}:${index}`;
                const confirmed = selected.includes(key);
                const fieldId = reasonId(key);
                const problem = problems[key];
                return (
                  <Fragment key={`${match.persona ?? ''}|${match.id ?? match.nombre}`}>
                  <tr>
                    <td data-label="Selección">
                      <Checkbox checked={confirmed} onChange={() => onToggle(index)} aria-labelledby={nameId} className="pld-check" />
                    </td>
                    <td id={nameId} data-label="Nombre">
                      <div>
                        {match.nombre}
                        {match.persona && <span className="pld-party">Coincide con {match.persona}</span>}
                      </div>
                    </td>
                    <td data-label="RFC">{match.rfc ?? '—'}</td>
                    <td data-label="Lista">{match.lista}</td>
                  </tr>
                  {confirmed && (
                    <tr className="pld-reason-row">
                      <td colSpan={COLUMNS.length}>
                        <FormGroup
                          label={`Motivo de la confirmación (${match.nombre})`}
                          labelFor={fieldId}
                          labelInfo="(requerido)"
                          intent={problem ? 'danger' : 'none'}
                          helperText={problem && <span id={`${fieldId}-error`}>{problem}</span>}
                        >
                          <TextArea
                            id={fieldId}
                            fill
                            rows={2}
                            value={reasons[matchKey(group, match)] ?? ''}
                            onChange={(event) => onReason(index, event.target.value)}
                            intent={problem ? 'danger' : 'none'}
                            aria-invalid={problem ? true : undefined}
                            aria-describedby={problem ? `${fieldId}-error` : undefined}
                            required
                          />
                        </FormGroup>
                      </td>
                    </tr>
                  )}
                  </Fragment>
                );
              })
            )}
          </tbody>
        </HTMLTable>
      </TableRegion>
    </div>
  );
}

// The PLD review (spec 02 §4 'PLD review screen'): a table per party kind with the matches found,
// columns selection, nombre, RFC and lista; 'guardar y cerrar' marks them validated. It cannot be
// closed by clicking outside; closing it otherwise keeps the person on the tab, still held.
import { Button, Checkbox, Dialog, DialogBody, DialogFooter, H3, HTMLTable } from '@blueprintjs/core';
import { useSelector } from '@xstate/react';
import { NOTICES } from '../../forms/messages';
import type { PldGroup, PldMatch } from '../../forms/pld';
import { selectGroups, selectSelected, type PldReviewRef } from './pld-review-selectors';
import { EmptyRow, TableHead, TableRegion } from '../components/table-parts';

/** The tables of the review (spec 02 §4), after the client's: a natural person's stay empty but for the linked party. */
const TABLES: Array<{ group: PldGroup; caption: string }> = [
  { group: 'legalRepresentative', caption: 'Representantes legales' },
  { group: 'guarantees', caption: 'Avales' },
  { group: 'guaranteeRepresentatives', caption: 'Representantes de avales' },
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
  return (
    // Blueprint's × is labelled in English: 'Cerrar' in the footer (and Escape) close instead.
    <Dialog isOpen={isOpen} onClose={onClose} title={NOTICES.pldHeading} canOutsideClickClose={false} isCloseButtonShown={false} className="pld-dialog">
      <DialogBody>
        <p>Selecciona las coincidencias que corresponden a las personas de esta solicitud y guarda para continuar.</p>
        {[{ group: company ? ('pm' as const) : ('pf' as const), caption: 'Cliente' }, ...TABLES].map(({ group, caption }) => (
          <MatchTable
            key={group}
            group={group}
            caption={caption}
            matches={groups[group]}
            selected={selected}
            onToggle={(index) => review.send({ type: 'match.toggled', group, index })}
          />
        ))}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Cerrar" onClick={onClose} />
            <Button intent="primary" text="guardar y cerrar" onClick={onSave} />
          </>
        }
      />
    </Dialog>
  );
}

/** The spec's columns of a match table (02 §4). */
const COLUMNS = ['Selección', 'Nombre', 'RFC', 'Lista'];

interface MatchTableProps {
  group: PldGroup;
  caption: string;
  matches: PldMatch[];
  selected: string[];
  onToggle: (index: number) => void;
}

function MatchTable({ group, caption, matches, selected, onToggle }: MatchTableProps) {
  const titleId = `pld-${group}`;
  return (
    <div className="pld-table">
      <H3 id={titleId} className="pld-table-title">
        {caption}
      </H3>
      <TableRegion labelledBy={titleId}>
        <HTMLTable compact striped aria-labelledby={titleId}>
          <TableHead columns={COLUMNS} />
          <tbody>
            {matches.length === 0 ? (
              <EmptyRow columns={COLUMNS.length} text={NOTICES.noMatches} />
            ) : (
              matches.map((match, index) => {
                const nameId = `pld-${group}-${index}`;
                return (
                  <tr key={`${match.persona ?? ''}|${match.id ?? match.nombre}`}>
                    <td>
                      <Checkbox checked={selected.includes(`${group}:${index}`)} onChange={() => onToggle(index)} aria-labelledby={nameId} className="pld-check" />
                    </td>
                    <td id={nameId}>
                      {match.nombre}
                      {match.persona && <span className="pld-party">Coincide con {match.persona}</span>}
                    </td>
                    <td>{match.rfc ?? '—'}</td>
                    <td>{match.lista}</td>
                  </tr>
                );
              })
            )}
          </tbody>
        </HTMLTable>
      </TableRegion>
    </div>
  );
}

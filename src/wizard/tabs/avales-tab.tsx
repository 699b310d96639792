// The PM's 'Avales' tab (spec 02 §2): add a guarantor of each type, and the table of guarantors
// with whether each is complete, edit and delete. The guarantors are records of their own: this
// tab only lists them and links to their wizards; deleting goes through the wizard statechart.
// A guarantor another session saved comes without its uuid (the key to its record): it is listed
// with its name and state, says why it has no 'Editar', and can still be removed (by the removal key
// the server gave instead) to be registered again; one staff registered cannot.
import { Button, Callout, HTMLTable, Tag } from '@blueprintjs/core';
import { Edit, Plus, Trash } from '@blueprintjs/icons';
import { useEffect, useRef } from 'react';
import { NOTICES } from '../../../forms/messages';
import type { GuarantorSummary } from '../../../forms/contracts/application';
import { guarantorName, guarantorState } from '../../../forms/wizard-state';
import { RouterButton } from '../../components/router-button';
import { guarantorRoute, WIZARD_ROUTES, type WizardRouteName } from '../wizard-routes';
import { EmptyRow, TableHead, TableRegion, type Column } from '../../components/table-parts';

export interface AvalesTabProps {
  avales: GuarantorSummary[];
  /** The PM's uuid once stored; guarantors of an unstored PM use the /aval/... routes. */
  parentUuid: string | null;
  /** 'Agregar aval …' (no person id yet, and the editable level lets items be added). */
  canAdd: boolean;
  /** Edit and delete per row (the editable level lets items be changed). */
  canChange: boolean;
  /** Removes the guarantor its key names: its uuid, or the removal key of one another session registered. */
  onRemove: (key: string, name: string) => void;
}

/** A guarantor this session may open: the server gave its uuid. */
const isOwn = (aval: GuarantorSummary): aval is GuarantorSummary & { uuid: string } => aval.uuid !== null;

/** Each kind of guarantor, said in words under its button. */
const ADD_BUTTONS: Array<{ route: WizardRouteName; text: string; kind: string }> = [
  { route: 'avalpf', text: 'Agregar aval PF', kind: 'Persona física: asalariada o sin actividad empresarial' },
  { route: 'avalpfae', text: 'Agregar aval PFAE', kind: 'Persona física con actividad empresarial' },
  { route: 'avalpm', text: 'Agregar aval PM', kind: 'Persona moral: una empresa' },
];

/** The guarantor wizard's address: under its PM when stored, otherwise the unstored-parent route. */
function guarantorHref(route: WizardRouteName, parentUuid: string | null, uuid?: string) {
  const base = parentUuid ? WIZARD_ROUTES[route].base : WIZARD_ROUTES[`aval/${route.replace('aval', '')}` as WizardRouteName].base;
  const own = uuid ? `/${encodeURIComponent(uuid)}` : '';
  return `${base}${own}${parentUuid ? `?pm=${encodeURIComponent(parentUuid)}` : ''}`;
}

function RemoveButton({ name, onClick }: { name: string; onClick: () => void }) {
  return <Button size="small" icon={<Trash />} intent="danger" variant="minimal" text="Eliminar" aria-label={`Eliminar ${name}`} onClick={onClick} />;
}

export function AvalesTab({ avales, parentUuid, canAdd, canChange, onRemove }: AvalesTabProps) {
  // A removed guarantor takes its Eliminar button with it: the focus goes to the table instead.
  const table = useRef<HTMLDivElement>(null);
  const shown = useRef(avales.length);
  useEffect(() => {
    if (avales.length < shown.current) table.current?.focus();
    shown.current = avales.length;
  }, [avales.length]);
  const columns: Column[] = ['Nombre', 'Tipo de persona', 'Estado', ...(canChange ? [{ label: 'Acciones', hidden: true } as const] : [])];
  const someFromElsewhere = avales.some((aval) => !isOwn(aval));
  return (
    <>
      {canAdd && (
        <div className="guarantor-add">
          {ADD_BUTTONS.map(({ route, text, kind }) => (
            <div key={route} className="guarantor-add-option">
              <RouterButton icon={<Plus />} variant="outlined" intent="primary" to={guarantorHref(route, parentUuid)} text={text} aria-describedby={`agregar-${route}`} />
              <span id={`agregar-${route}`} className="guarantor-add-kind">
                {kind}
              </span>
            </div>
          ))}
        </div>
      )}
      {canChange && someFromElsewhere && (
        <Callout intent="primary" className="guarantor-elsewhere" id="avales-otra-sesion">
          {NOTICES.guarantorsFromElsewhere}
        </Callout>
      )}
      <TableRegion ref={table} label="Avales de la solicitud">
        <HTMLTable striped className="list-table card-table guarantor-table">
          <caption className="sr-only">Avales de la solicitud</caption>
          <TableHead columns={columns} />
          <tbody>
            {avales.length === 0 && <EmptyRow columns={columns.length} text={NOTICES.noGuarantors} />}
            {avales.map((aval, index) => {
              const name = guarantorName(aval);
              const complete = aval.data.persona_completa === true;
              return (
                <tr key={aval.uuid ?? aval.ref ?? `otra-sesion-${index}`}>
                  <td data-label="Nombre">{name}</td>
                  <td data-label="Tipo de persona">{aval.data.tipo_persona}</td>
                  <td data-label="Estado">
                    <Tag intent={complete ? 'success' : 'warning'} minimal>
                      {guarantorState(aval)}
                    </Tag>
                  </td>
                  {canChange && !isOwn(aval) && (
                    <td className="row-note card-table-actions">
                      {NOTICES.guarantorFromElsewhere}
                      {parentUuid && aval.ref && <RemoveButton name={name} onClick={() => onRemove(aval.ref!, name)} />}
                    </td>
                  )}
                  {canChange && isOwn(aval) && (
                    <td className="row-actions card-table-actions">
                      <RouterButton size="small" icon={<Edit />} to={guarantorHref(guarantorRoute(aval.data.tipo_persona), parentUuid, aval.uuid)} text="Editar" aria-label={`Editar ${name}`} />
                      {parentUuid && <RemoveButton name={name} onClick={() => onRemove(aval.uuid, name)} />}
                    </td>
                  )}
                </tr>
              );
            })}
          </tbody>
        </HTMLTable>
      </TableRegion>
    </>
  );
}

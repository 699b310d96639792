// 'Accionistas mayoritarios': the shareholder list. Natural persons (with business activity) give
// surnames and, except on a guarantor PM, a gender; for staff the percentages must total 100.
import { Callout } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useField, useForm } from 'react-final-form';
import { onShareholderTypeChange } from '../../../../forms/dependent-fields';
import { NAME_MAX, RFC_LENGTH_COMPANY, RFC_LENGTH_PERSON, SURNAME_MAX } from '../../../../forms/limits';
import { GENDERS, PERSON_TYPE_PM, SHAREHOLDER_TYPES } from '../../../../forms/options';
import { itemBoundsOf } from '../../../../forms/list-items';
import { accionistaGuarantorSchema, accionistaSchema, pmAccionistasShape, shareholderRfcKind } from '../../../../forms/pm/accionistas';
import { PercentageField } from '../../../components/fields/number-field';
import { SelectField } from '../../../components/fields/select-field';
import { TextField } from '../../../components/fields/text-field';
import { useFieldChanges } from '../../../components/fields/use-field-changes';
import { FieldGrid } from '../field-layout';
import { ItemList } from './item-list';
import { labelOf, GROUP_TITLES, shareholderNameLabel } from '../../../../forms/field-labels';

export interface AccionistasTabProps {
  /** A guarantor PM: its shareholders carry no gender. */
  guarantor: boolean;
  /** A staff session: the 100% banner, and the total's message under every percentage. */
  staff: boolean;
}

const SHAREHOLDERS = itemBoundsOf(pmAccionistasShape().accionistas);
const PERCENTAGE_FIELD = /^accionistas\[\d+\]\.porcentaje_participacion$/;

/**
 * The total's message belongs to every percentage, not only to the one being typed: once any
 * percentage is modified, all are marked touched, so each shows its error after the usual pause.
 */
function useTotalShownOnEveryPercentage(enabled: boolean) {
  const form = useForm();
  useEffect(() => {
    if (!enabled) return;
    return form.subscribe(
      ({ modified = {} }) => {
        const names = Object.keys(modified).filter((name) => PERCENTAGE_FIELD.test(name));
        if (!names.some((name) => modified[name])) return;
        for (const name of names) if (!form.getFieldState(name)?.touched) form.blur(name);
      },
      { modified: true },
    );
  }, [form, enabled]);
}

function Shareholder({ prefix, index, guarantor }: { prefix: string; index: number; guarantor: boolean }) {
  const { apply, values } = useFieldChanges();
  const tipo = useField<string>(`${prefix}.tipo_persona`, { subscription: { value: true } }).input.value;
  const company = tipo === PERSON_TYPE_PM;
  return (
    <FieldGrid>
      <SelectField
        name={`${prefix}.tipo_persona`}
        label={labelOf(`${prefix}.tipo_persona`)}
        options={SHAREHOLDER_TYPES}
        onValueChange={(value) => apply(onShareholderTypeChange(values(), index, value).filter((c) => c.name !== `${prefix}.tipo_persona`))}
      />
      {!company && !guarantor && <SelectField name={`${prefix}.genero`} label={labelOf(`${prefix}.genero`)} options={GENDERS} />}
      <TextField name={`${prefix}.nombre`} label={shareholderNameLabel(tipo ?? '')} uppercase maxLength={NAME_MAX} />
      {!company && (
        <>
          <TextField name={`${prefix}.apellido_paterno`} label={labelOf(`${prefix}.apellido_paterno`)} uppercase maxLength={SURNAME_MAX} optional />
          <TextField name={`${prefix}.apellido_materno`} label={labelOf(`${prefix}.apellido_materno`)} uppercase maxLength={SURNAME_MAX} optional />
        </>
      )}
      <TextField
        name={`${prefix}.rfc`}
        label={labelOf(`${prefix}.rfc`)}
        uppercase
        maxLength={shareholderRfcKind(tipo) === 'company' ? RFC_LENGTH_COMPANY : RFC_LENGTH_PERSON}
      />
      <PercentageField name={`${prefix}.porcentaje_participacion`} label={labelOf(`${prefix}.porcentaje_participacion`)} />
    </FieldGrid>
  );
}

export function AccionistasTab({ guarantor, staff }: AccionistasTabProps) {
  useTotalShownOnEveryPercentage(staff);
  return (
    <>
      {staff && (
        <Callout intent="primary" className="shareholders-banner">
          Es importante capturar el 100% de los accionistas.
        </Callout>
      )}
      <ItemList
        name="accionistas"
        itemTitle={(position) => `${GROUP_TITLES.accionistas} ${position}`}
        addText="Agregar accionista"
        hint="Quita los accionistas que no necesites."
        bounds={SHAREHOLDERS}
        blank={() => (guarantor ? accionistaGuarantorSchema() : accionistaSchema()).getDefault()}
        renderItem={(prefix, index) => <Shareholder prefix={prefix} index={index} guarantor={guarantor} />}
      />
    </>
  );
}

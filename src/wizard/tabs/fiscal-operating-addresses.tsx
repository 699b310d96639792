// The fiscal and operating addresses with the checkbox that copies the first onto the second
// (clonar_domicilo_fiscal), as PFAE employment and PM general data ask them. While it is ticked the
// operating address is the fiscal one: it follows each change and cannot be edited apart.
import { Checkbox } from '@blueprintjs/core';
import { useEffect, useRef } from 'react';
import { useField } from 'react-final-form';
import { fiscalAddressKey, onCloneFiscalAddressChange, onFiscalAddressFollowed } from '../../../forms/dependent-fields';
import { STREET_MAX } from '../../../forms/limits';
import { useFieldDisabled } from '../../components/fields/form-lock';
import { PostalCodeField } from '../../components/fields/postal-code-field';
import { TextField } from '../../components/fields/text-field';
import { useFieldChanges } from '../../components/fields/use-field-changes';
import { UploadArea } from '../../documents/upload-area';
import { FieldGrid } from './field-layout';
import { GroupSection } from './group-section';
import { labelOf, GROUP_TITLES } from '../../../forms/field-labels';

export interface FiscalAndOperatingAddressesProps {
  /** The object holding both addresses. */
  prefix: 'empleo' | 'informacion_fiscal';
}

export function FiscalAndOperatingAddresses({ prefix }: FiscalAndOperatingAddressesProps) {
  const { apply, values } = useFieldChanges();
  const clone = useField<boolean>('clonar_domicilo_fiscal', { type: 'checkbox' });
  const cloneDisabled = useFieldDisabled('clonar_domicilo_fiscal');
  const cloned = Boolean(clone.input.checked);
  // Subscribed so that a change of the fiscal address renders this part, whose effect then follows it.
  const fiscal = useField(`${prefix}.domicilio_fiscal`, { subscription: { value: true } }).input.value;
  const fiscalColonia = useField(`${prefix}.colonia_fiscal`, { subscription: { value: true } }).input.value;
  const fiscalOtherColonia = useField(`${prefix}.otra_colonia_fiscal`, { subscription: { value: true } }).input.value;
  const operatingLocked = useFieldDisabled(`${prefix}.domicilio_operativo.calle`);
  const copiedFrom = useRef(fiscalAddressKey(values(), prefix));
  useEffect(() => {
    const model = values();
    apply(onFiscalAddressFollowed(model, prefix, copiedFrom.current, operatingLocked));
    copiedFrom.current = fiscalAddressKey(model, prefix);
    // `apply` and `values` read the form when called.
  }, [cloned, fiscal, fiscalColonia, fiscalOtherColonia, operatingLocked, prefix]);
  return (
    <>
      <GroupSection title={GROUP_TITLES.domicilioFiscal}>
        <div className="upload-areas">
          <UploadArea type="address" target={{ type: 'address', prefix, group: 'colonia_fiscal' }} />
        </div>
        <FieldGrid>
          <TextField name={`${prefix}.domicilio_fiscal.calle`} label={labelOf(`${prefix}.domicilio_fiscal.calle`)} uppercase maxLength={STREET_MAX} />
          <PostalCodeField prefix={prefix} group="colonia_fiscal" />
        </FieldGrid>
      </GroupSection>
      <GroupSection title={GROUP_TITLES.domicilioOperativo}>
        <Checkbox
          name="clonar_domicilo_fiscal"
          label={labelOf('clonar_domicilo_fiscal')}
          checked={cloned}
          disabled={cloneDisabled}
          onChange={(event) => apply(onCloneFiscalAddressChange(values(), prefix, event.currentTarget.checked))}
        />
        <FieldGrid>
          <TextField name={`${prefix}.domicilio_operativo.calle`} label={labelOf(`${prefix}.domicilio_operativo.calle`)} uppercase maxLength={STREET_MAX} disabled={cloned} />
          <PostalCodeField prefix={prefix} group="colonia_operativo" disabled={cloned} />
        </FieldGrid>
      </GroupSection>
    </>
  );
}

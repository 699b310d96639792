// The postal code with its neighbourhood: five digits look the settlements up, the person
// picks one or 'Otra' (which asks for `otra_colonia`); the list found is kept in the model, where
// the schema's postal-code rule reads it ('¡Revisa tu código postal!' when it is empty).
import { Button, Callout, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { HTMLSelect } from '../html-select';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useField, useForm } from 'react-final-form';
import { digitsOnly } from '../../../forms/masks';
import { pasteWhole } from './pasted-text';
import { neighbourhoodPrompt, neighbourhoodWaits, onNeighbourhoodChange, onPostalCodeChange, type NeighbourhoodPrompt } from '../../../forms/dependent-fields';
import { OTHER_COLONIA, OTHER_COLONIA_MAX, POSTAL_CODE_LENGTH } from '../../../forms/limits';
import { ADDRESS_GROUPS, type AddressGroup } from '../../../forms/schema/address';
import type { Neighbourhood } from '../../../services/catalogs';
import { useNeighbourhoodLookup } from './catalog-lookups';
import { errorId, FieldFrame, fieldId } from './field-frame';
import { useFieldDisabled } from './form-lock';
import { useFieldChanges } from './use-field-changes';
import { PLACEHOLDER_OPTION } from './select-field';
import { TextField } from './text-field';
import { firstMessage, useShownError } from './use-shown-error';
import { labelOf } from '../../../forms/field-labels';
import { NEIGHBOURHOOD_PROMPTS } from '../../../forms/messages';

/** The neighbourhood's empty choice: to choose one, or why there is none to choose. */
const PROMPTS: Record<NeighbourhoodPrompt, string> = { 'choose one': PLACEHOLDER_OPTION, ...NEIGHBOURHOOD_PROMPTS };

export interface PostalCodeFieldProps {
  /** The object holding the address: `vivienda`, `empleo`, `informacion_fiscal`. */
  prefix: string;
  /** Which address of that object (forms/schema/address): `colonia`, `colonia_fiscal`, `colonia_operativo`. */
  group: AddressGroup;
  disabled?: boolean;
}

export function PostalCodeField({ prefix, group, disabled }: PostalCodeFieldProps) {
  const names = ADDRESS_GROUPS[group];
  const name = `${prefix}.${names.domicilio}.codigo_postal`;
  const coloniaName = `${prefix}.${group}`;
  const otraColoniaName = `${prefix}.${names.otra}`;
  const catalogName = `${prefix}.${names.catalogo}`;
  const form = useForm();
  const { apply } = useFieldChanges();
  const lookup = useNeighbourhoodLookup();
  const busy = useSelector(lookup, (s) => s.hasTag('busy'));
  const failed = useSelector(lookup, (s) => s.hasTag('error'));
  const found = useSelector(lookup, (s) => (s.matches('settled') ? s.context.entries : null));

  // The town is announced as it arrives only for the code the person typed last, not on opening a saved
  // tab, nor for a code set from elsewhere (the fiscal address copied, a document read).
  const [typedCode, setTypedCode] = useState<string | null>(null);
  const code = useField<string>(name, { parse: (value) => digitsOnly(value ?? '', POSTAL_CODE_LENGTH) });
  const colonia = useField<Neighbourhood | null>(coloniaName);
  const codeDisabled = useFieldDisabled(name, disabled);
  const coloniaDisabled = useFieldDisabled(coloniaName, disabled);

  const postalCode = code.input.value;
  useEffect(() => {
    if (postalCode?.length === POSTAL_CODE_LENGTH) lookup.send({ type: 'lookup.requested', key: postalCode });
    else lookup.send({ type: 'lookup.cleared' });
  }, [postalCode, lookup]);

  // Keep the list found in the model: the schema's postal-code rule reads it.
  useEffect(() => {
    if (found) form.change(catalogName, found);
  }, [found, form, catalogName]);

  const codeError = useShownError(name, code.meta, postalCode);
  const options = found ?? [];
  const coloniaWaits = neighbourhoodWaits(postalCode, firstMessage(code.meta.error));
  const prompt = PROMPTS[neighbourhoodPrompt(postalCode, { busy, failed, found })];
  const coloniaError = useShownError(coloniaName, colonia.meta, colonia.input.value, coloniaWaits);
  const codeId = fieldId(name);
  const coloniaId = fieldId(coloniaName);
  const chosen = colonia.input.value || null; // final-form gives "" for an empty field
  const place = chosen ?? options[0];

  /** The field's text after a keystroke or a paste: its first five digits are the code. */
  const changeCode = (text: string) => {
    const value = digitsOnly(text, POSTAL_CODE_LENGTH);
    if (value === postalCode) return;
    setTypedCode(value);
    apply(onPostalCodeChange(prefix, group, value));
  };

  const choose = (value: string) => {
    const entry =
      value === OTHER_COLONIA
        ? { colonia: OTHER_COLONIA, municipio: options[0]?.municipio ?? '', estado: options[0]?.estado ?? '' }
        : (options.find((n) => n.colonia === value) ?? null);
    apply(onNeighbourhoodChange(prefix, group, entry));
    colonia.input.onBlur();
  };

  return (
    <div className="postal-code-field">
      <FieldFrame id={codeId} label={labelOf(name)} error={codeError} hint="5 dígitos">
        <InputGroup
          id={codeId}
          name={name}
          inputMode="numeric"
          autoComplete="postal-code"
          value={postalCode ?? ''}
          onChange={(event) => changeCode(event.target.value)}
          // Taken whole before its digits are kept: the native maxLength would cut 'C.P. 44160' to 'C.P. '.
          onPaste={pasteWhole(changeCode)}
          onBlur={code.input.onBlur}
          onFocus={code.input.onFocus}
          maxLength={POSTAL_CODE_LENGTH}
          disabled={codeDisabled}
          intent={codeError ? Intent.DANGER : Intent.NONE}
          aria-invalid={codeError ? true : undefined}
          aria-describedby={errorId(codeId)}
          rightElement={busy ? <Spinner size={16} aria-label="Buscando colonias" /> : undefined}
        />
      </FieldFrame>
      {failed && (
        <Callout intent="warning" compact className="lookup-failed" role="alert">
          No se pudieron consultar las colonias de este código postal.{' '}
          <Button size="small" variant="minimal" intent="primary" text="Reintentar" onClick={() => lookup.send({ type: 'lookup.retried' })} />
        </Callout>
      )}
      {/* The town of the code under the Colonia, read with it (in a grid of three a line of its own fell
          under the street), under its error too, and announced as it arrives for a code typed. */}
      <FieldFrame
        id={coloniaId}
        label={labelOf(coloniaName)}
        error={coloniaError}
        detail={place && options.length > 0 ? `${place.municipio}, ${place.estado}` : ''}
        announceDetail={typedCode !== null && typedCode === postalCode}
      >
        <HTMLSelect
          id={coloniaId}
          name={coloniaName}
          fill
          value={chosen?.colonia ?? ''}
          onChange={(event) => choose(event.target.value)}
          onFocus={colonia.input.onFocus}
          // With nothing to choose yet it is unavailable, not disabled: still a stop of the Tab key, so a
          // person who leaves the code before its settlements arrive (a slow network) lands on it, not
          // past it, and chooses once they are there; its prompt says why it is empty.
          disabled={coloniaDisabled}
          aria-disabled={options.length === 0 ? true : undefined}
          aria-invalid={coloniaError ? true : undefined}
          aria-describedby={errorId(coloniaId)}
        >
          <option value="">{prompt}</option>
          {options.map((n) => (
            <option key={n.colonia} value={n.colonia}>
              {n.colonia}
            </option>
          ))}
          {options.length > 0 && <option value={OTHER_COLONIA}>{OTHER_COLONIA}</option>}
          {/* A stored neighbourhood the catalogue no longer lists still shows as it was saved. */}
          {chosen && chosen.colonia !== OTHER_COLONIA && !options.some((n) => n.colonia === chosen.colonia) && (
            <option value={chosen.colonia}>{chosen.colonia}</option>
          )}
        </HTMLSelect>
      </FieldFrame>
      {chosen?.colonia === OTHER_COLONIA && (
        <TextField name={otraColoniaName} label={labelOf(otraColoniaName)} maxLength={OTHER_COLONIA_MAX} disabled={disabled} />
      )}
    </div>
  );
}

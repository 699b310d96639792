import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { EconomicActivity } from '../../../services/catalogs';
import { useActivityLookup } from './catalog-lookups';
import { CatalogSelect } from './catalog-select';
import { useFieldDisabled } from './form-lock';
import { labelOf } from '../../../forms/field-labels';

export interface EconomicActivityFieldProps {
  /** e.g. `empleo.actividad_economica`; the model keeps {id_empresa_actividad, nombre}. */
  name: string;
  label?: string;
  disabled?: boolean;
}

export function EconomicActivityField({ name, label = labelOf(name), disabled }: EconomicActivityFieldProps) {
  const lookup = useActivityLookup();
  const entries = useSelector(lookup, (s) => s.context.entries);
  const busy = useSelector(lookup, (s) => s.hasTag('busy'));
  useEffect(() => lookup.send({ type: 'lookup.requested', key: '' }), [lookup]);
  return (
    <CatalogSelect<EconomicActivity>
      name={name}
      label={label}
      entries={entries}
      idOf={(a) => a.id_empresa_actividad}
      nameOf={(a) => a.nombre}
      disabled={useFieldDisabled(name, disabled)}
      busy={busy}
    />
  );
}

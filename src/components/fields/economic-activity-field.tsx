import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import type { EconomicActivity } from '../../../services/catalogs';
import { useActivityLookup } from './catalog-lookups';
import { CatalogSuggest } from './catalog-suggest';
import { useFieldDisabled } from './form-lock';
import { labelOf } from '../../../forms/field-labels';

export interface EconomicActivityFieldProps {
  /** e.g. `empleo.actividad_economica`; the model keeps {id_empresa_actividad, nombre}. */
  name: string;
  label?: string;
  disabled?: boolean;
}

const activityId = (activity: EconomicActivity) => activity.id_empresa_actividad;
const activityName = (activity: EconomicActivity) => activity.nombre;

export function EconomicActivityField({ name, label = labelOf(name), disabled }: EconomicActivityFieldProps) {
  const lookup = useActivityLookup();
  const entries = useSelector(lookup, (s) => s.context.entries);
  const busy = useSelector(lookup, (s) => s.hasTag('busy'));
  useEffect(() => lookup.send({ type: 'lookup.requested', key: '' }), [lookup]);
  return (
    <CatalogSuggest<EconomicActivity>
      name={name}
      label={label}
      entries={entries}
      idOf={activityId}
      nameOf={activityName}
      disabled={useFieldDisabled(name, disabled)}
      busy={busy}
    />
  );
}

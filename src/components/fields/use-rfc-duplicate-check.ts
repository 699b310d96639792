// The duplicate-RFC rule of a form's own RFC field (spec 01 §5, 02 §5) as a final-form field
// validator: it asks the server only about a complete and valid RFC, once per RFC while the form
// is shown, and a failed call passes. The client count is kept in the model's cantidad_duplicados.
import { useSelector } from '@xstate/react';
import type { FieldValidator } from 'final-form';
import { useRef } from 'react';
import { useForm } from 'react-final-form';
import type { RfcKind } from '../../../forms/rules/rfc';
import { duplicateChecksFor, duplicateMessage, RFC_PATH, type DuplicateChecks } from '../../../forms/rules/rfc-duplicates';
import { countApplicationRfc, countClientsWithRfc } from '../../../services/duplicates';
import { useRuntime } from '../../session/runtime-context';
import { selectIsStaff, selectParentUuid } from '../../session/selectors';

type Model = Record<string, unknown>;

export interface RfcDuplicateCheckOptions {
  /** The parent application of a guarantor. Default: the session's parent uuid (the PM being filled). */
  parentUuid?: string | null;
}

interface Outcome {
  message: string | undefined;
  /** The client count, or null when that check did not run or failed. */
  clients: number | null;
}

/** The answer of a call, or undefined when it failed (a failed call makes the rule pass). */
const settled = (call: Promise<number>) => call.catch(() => undefined);

/**
 * A validator for the RFC field of `kind` ('person': fisica.rfc of PF and PFAE; 'company':
 * moral.rfc of PM). Pass it as the field's `validate`; final-form does not submit while it is
 * pending or failing.
 */
export function useRfcDuplicateCheck(kind: RfcKind, options: RfcDuplicateCheckOptions = {}): FieldValidator<string> {
  const { http, session } = useRuntime();
  const staff = useSelector(session, selectIsStaff);
  const sessionParent = useSelector(session, selectParentUuid);
  const parentUuid = options.parentUuid === undefined ? sessionParent : options.parentUuid;
  const form = useForm();
  const answers = useRef(new Map<string, Outcome | Promise<Outcome>>());

  // As the server keeps it: the count, null for none. Changed outside the validation under way,
  // since a change made inside it would start another.
  const record = (clients: number | null) =>
    void Promise.resolve().then(() => {
      const flag = clients || null;
      if (clients !== null && flag !== ((form.getState().values as Model).cantidad_duplicados ?? null)) form.change('cantidad_duplicados', flag);
    });

  const ask = async (checks: DuplicateChecks, model: Model): Promise<Outcome> => {
    const uuid = typeof model.uuid === 'string' ? model.uuid : '';
    const guarantor = model.clasificacion === 'Obligado';
    const [section] = RFC_PATH[kind].rfc.split('.');
    const [clients, guarantors] = await Promise.all([
      checks.clients
        ? settled(countClientsWithRfc(http, { uuid: uuid || null, tipo_persona: model.tipo_persona, clasificacion: model.clasificacion, [section]: { rfc: checks.rfc } }))
        : undefined,
      checks.guarantors
        ? settled(countApplicationRfc(http, { parentuuid: guarantor ? (parentUuid ?? '') : '', uuid, rfc: checks.rfc, clasificacion: guarantor ? 'Aval' : 'Cliente' }))
        : undefined,
    ]);
    return { message: duplicateMessage({ clients, guarantors }), clients: clients ?? null };
  };

  return (_value, values) => {
    const model = values as Model;
    const checks = duplicateChecksFor(kind, model, { staff, parentUuid });
    if (!checks) return undefined;
    const key = JSON.stringify([checks, model.uuid ?? null, model.clasificacion ?? null, parentUuid]);
    const known = answers.current.get(key);
    if (known instanceof Promise) return known.then((outcome) => outcome.message);
    if (known) {
      record(known.clients);
      return known.message;
    }
    const pending = ask(checks, model).then((outcome) => {
      answers.current.set(key, outcome);
      record(outcome.clients);
      return outcome;
    });
    answers.current.set(key, pending);
    return pending.then((outcome) => outcome.message);
  };
}

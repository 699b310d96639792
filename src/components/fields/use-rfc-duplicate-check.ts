// Binds machines/rfc-duplicate-check to a form's own RFC field as a final-form field validator:
// undefined when the rule asks nothing or passes, the message of a remembered answer, or a
// promise of the message while the machine asks. The client count goes to cantidad_duplicados.
import { useActorRef, useSelector } from '@xstate/react';
import type { FieldValidator } from 'final-form';
import { useEffect } from 'react';
import { useForm } from 'react-final-form';
import { waitFor } from 'xstate';
import type { RfcKind } from '../../../forms/rules/rfc';
import { duplicateMessage, duplicateRequestFor } from '../../../forms/rules/rfc-duplicates';
import { rfcDuplicateCheckMachine, selectAnswerFor, selectIsSuperseded } from '../../../machines/rfc-duplicate-check';
import { defineCountApplicationRfcActor, defineCountClientsWithRfcActor } from '../../../services/duplicates';
import { useRuntime } from '../../session/runtime-context';
import { selectIsStaff, selectParentUuid } from '../../session/selectors';

type Model = Record<string, unknown>;

export interface RfcDuplicateCheckOptions {
  /** The parent application of a guarantor. Default: the session's parent uuid (the PM being filled). */
  parentUuid?: string | null;
}

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
  const actor = useActorRef(
    rfcDuplicateCheckMachine.provide({
      actors: {
        'count clients with rfc': defineCountClientsWithRfcActor({ http }),
        'count application rfc': defineCountApplicationRfcActor({ http }),
      },
    }),
  );

  // As the server keeps it: the count, null for none. Written after the validation under way,
  // since a change made inside it would start another.
  useEffect(() => {
    const subscription = actor.on('rfc.answered', ({ counts }) => {
      if (counts.clients === undefined) return;
      const flag = counts.clients || null;
      queueMicrotask(() => {
        if (flag !== ((form.getState().values as Model).cantidad_duplicados ?? null)) form.change('cantidad_duplicados', flag);
      });
    });
    return () => subscription.unsubscribe();
  }, [actor, form]);

  return (_value, values) => {
    const request = duplicateRequestFor(kind, values as Model, { staff, parentUuid });
    if (!request) return undefined;
    actor.send({ type: 'rfc.checkRequested', request });
    const answered = selectAnswerFor(actor.getSnapshot(), request.key);
    if (answered) return duplicateMessage(answered);
    // A request superseded by a newer one settles as passing: final-form keeps only the newest.
    return waitFor(actor, (snapshot) => selectAnswerFor(snapshot, request.key) !== undefined || selectIsSuperseded(snapshot, request.key)).then(
      (snapshot) => {
        const counts = selectAnswerFor(snapshot, request.key);
        return counts && duplicateMessage(counts);
      },
      () => undefined,
    );
  };
}

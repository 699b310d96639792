// The slices of the wizard's state a view renders, each named by its selector (selectors.ts), read in
// one subscription: the view renders again when one of them changes (compared one by one, as a
// `useSelector` per slice would), never for the rest of the snapshot.
import { shallowEqual, useSelector } from '@xstate/react';
import { useCallback } from 'react';
import type { WizardActorRef, WizardSnapshot } from './selectors';

type Selectors = Record<string, (snapshot: WizardSnapshot) => unknown>;

export type WizardView<S extends Selectors> = { [Name in keyof S]: ReturnType<S[Name]> };

/** `selectors` is a constant of the view's module, so the combined selector is made once. */
export function useWizardView<S extends Selectors>(actor: WizardActorRef, selectors: S): WizardView<S> {
  const select = useCallback(
    (snapshot: WizardSnapshot) => Object.fromEntries(Object.entries(selectors).map(([name, selector]) => [name, selector(snapshot)])) as WizardView<S>,
    [selectors],
  );
  return useSelector(actor, select, shallowEqual);
}

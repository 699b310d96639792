// The shown-errors actor of one form (machines/shown-errors): started when the form's fields are
// shown and stopped, its pending pauses cancelled, when they leave the page. Every field of the form
// reads it through `useShownError`.
import { useActorRef } from '@xstate/react';
import { createContext, useContext, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { shownErrorsMachine } from '../../../machines/shown-errors';

export type ShownErrorsRef = ActorRefFrom<typeof shownErrorsMachine>;

const ShownErrorsContext = createContext<ShownErrorsRef | null>(null);

/** Around a form's fields, inside the form: a form keyed anew (a wizard tab) gets an actor of its own. */
export function ShownErrorsProvider({ children }: { children: ReactNode }) {
  const actor = useActorRef(shownErrorsMachine);
  return <ShownErrorsContext.Provider value={actor}>{children}</ShownErrorsContext.Provider>;
}

/** The form's shown-errors actor; a field outside a `ShownErrorsProvider` fails at once. */
export function useShownErrorsActor(): ShownErrorsRef {
  const actor = useContext(ShownErrorsContext);
  if (!actor) throw new Error('A field needs a ShownErrorsProvider around the fields of its form.');
  return actor;
}

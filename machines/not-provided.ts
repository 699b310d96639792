import { fromPromise } from 'xstate';

/** The default of every I/O actor a machine declares: it fails loudly until services/ provide the real one. */
export function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`The '${name}' actor is not provided`);
  });
}

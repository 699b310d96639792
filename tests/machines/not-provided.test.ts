// Every I/O actor a machine declares fails loudly until services/ provide it (STYLE.md): run
// without its implementations, each rejects with "The '…' actor is not provided", and a machine
// run so reports that failure instead of going on silently. Every machine of the registry is walked.
import { describe, expect, it } from 'vitest';
import { createActor, toPromise, type AnyActorLogic, type AnyStateMachine } from 'xstate';
import { wizardMachine } from '../../machines/wizard';
import { MACHINES } from '../../machines/lab/registry';

const isMachine = (logic: AnyActorLogic): logic is AnyStateMachine => 'root' in logic && 'config' in logic;

/** The I/O actors a machine declares in setup (not its child machines). */
function ioActorsOf(machine: AnyStateMachine): [string, AnyActorLogic][] {
  return Object.entries(machine.implementations.actors as Record<string, AnyActorLogic>).flatMap(([name, logic]) =>
    isMachine(logic) ? [] : [[name, logic] as [string, AnyActorLogic]],
  );
}

describe('an actor not provided fails loudly', () => {
  for (const { name, machine } of MACHINES) {
    const actors = ioActorsOf(machine).map(([actor]) => actor);
    for (const actor of actors) {
      it(`${name}: '${actor}' rejects until provided`, async () => {
        const logic = Object.fromEntries(ioActorsOf(machine))[actor];
        const running = createActor(logic, { input: {} as never });
        const settled = toPromise(running);
        running.start();
        await expect(settled).rejects.toThrow(`The '${actor}' actor is not provided`);
      });
    }
  }

  it('every machine with I/O declares it: the registry lists the actors the services provide', () => {
    expect(Object.fromEntries(MACHINES.map(({ name, machine }) => [name, ioActorsOf(machine).map(([actor]) => actor).sort()]))).toEqual({
      session: ['load staff profile', 'request public token'],
      'catalog-lookup': ['fetch entries'],
      'efirma-sign': ['fetch packet', 'open key', 'read certificate', 'save pdf', 'send signed', 'sign packet'],
      'pld-review': ['search blacklist'],
      print: ['download pdf', 'fetch packet', 'lay out', 'print'],
      'rfc-duplicate-check': ['count application rfc', 'count clients with rfc'],
      'shown-errors': [],
      upload: ['poll ocr', 'read format', 'request ocr', 'sign', 'upload'],
      wizard: ['check parent', 'load application', 'remove guarantor', 'save application', 'validate tab'],
    });
  });

  it('wizard: run without its implementations, the opening fails visibly (the load-failed notice), reporting the missing actor', async () => {
    const errors: unknown[] = [];
    const actor = createActor(wizardMachine, {
      input: { code: 'wizardpf', tabCount: 6, uuid: 'u-1', franchise: null, staff: false, parentUuid: null, blankModel: {} },
      inspect: (event) => {
        if (event.type === '@xstate.event' && event.event.type.startsWith('xstate.error.actor')) errors.push((event.event as { error?: unknown }).error);
      },
    });
    actor.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().matches('loadFailed')).toBe(true);
    expect(errors).toEqual([new Error("The 'load application' actor is not provided")]);
    actor.stop();
  });
});

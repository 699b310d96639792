// The lab's sandbox fakes (machines/lab/sandbox-fakes.ts): every machine of the registry starts
// from each of its configurations' inputs with no real actor running: each invoked actor that is not
// a machine is a pending fake call, and a machine it invokes is faked the same way inside.
import { describe, expect, it } from 'vitest';
import { createActor, type AnyActorLogic, type AnyActorRef, type AnyStateMachine } from 'xstate';
import { MACHINES } from '../../../machines/lab/registry';
import { FakeCalls, acceptedEvents, isMachineLogic, withFakes } from '../../../machines/lab/sandbox-fakes';

/** The actors running under `ref`, machines opened: `[src path, is a machine]`. */
function invoked(ref: AnyActorRef, prefix = ''): string[] {
  const children = Object.values((ref.getSnapshot() as { children?: Record<string, AnyActorRef> }).children ?? {});
  return children.flatMap((child) => {
    const src = `${prefix}${String(child.src)}`;
    const logic = (child as unknown as { logic: unknown }).logic;
    return isMachineLogic(logic) ? invoked(child, `${src} › `) : [src];
  });
}

describe('sandbox fakes', () => {
  for (const entry of MACHINES) {
    for (const configuration of entry.configurations) {
      it(`${entry.name} (${configuration.name}) starts with every invoked actor a pending call`, () => {
        const calls = new FakeCalls();
        const errors: unknown[] = [];
        const actor = createActor(withFakes(entry.machine, calls), { input: configuration.input });
        actor.subscribe({ error: (error) => errors.push(error) });
        expect(() => actor.start()).not.toThrow();
        expect(errors).toEqual([]);
        expect(actor.getSnapshot().status).not.toBe('error');
        expect(calls.pending().map((call) => call.src).sort()).toEqual(invoked(actor).sort());
        expect(() => acceptedEvents(actor.getSnapshot())).not.toThrow();
        actor.stop();
        expect(calls.pending()).toEqual([]);
      });
    }
  }

  /** Every actor a provided machine declares, machines opened: `[src path, logic]`. */
  function declared(machine: AnyStateMachine, prefix = ''): [string, unknown][] {
    return Object.entries(machine.implementations.actors as Record<string, unknown>).flatMap(([src, logic]) =>
      isMachineLogic(logic) ? declared(logic, `${prefix}${src} › `) : [[`${prefix}${src}`, logic] as [string, unknown]],
    );
  }

  for (const entry of MACHINES) {
    it(`${entry.name}: each actor it declares, once faked, waits as a pending call`, () => {
      const calls = new FakeCalls();
      const actors = declared(withFakes(entry.machine, calls));
      for (const [src, logic] of actors) {
        const probe = { probe: src };
        const actor = createActor(logic as AnyActorLogic, { input: probe }).start();
        expect(calls.pending().map((call) => [call.src, call.input])).toEqual([[src, probe]]);
        actor.stop();
        expect(calls.pending()).toEqual([]);
      }
      expect(actors.length).toBe(declared(entry.machine).length);
    });
  }

  it('a resolved call moves the machine, and its state offers its events', async () => {
    const print = MACHINES.find((entry) => entry.name === 'print')!;
    const calls = new FakeCalls();
    const actor = createActor(withFakes(print.machine, calls), { input: print.configurations[0]!.input }).start();
    expect(calls.pending().map((call) => [call.src, call.input])).toEqual([['fetch packet', print.configurations[0]!.input]]);
    calls.pending()[0]!.resolve({});
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().value).toEqual({ packet: { notFound: 'open' }, pdf: 'idle' });
    expect(acceptedEvents(actor.getSnapshot())).toEqual([
      { type: 'notFound.closed', enabled: true },
      { type: 'pdf.download', enabled: false },
    ]);
  });

  it('keeps the wizard\'s nested PLD review a machine, its own actor faked', () => {
    const wizard = MACHINES.find((entry) => entry.name === 'wizard')!;
    const provided = withFakes(wizard.machine, new FakeCalls());
    const pld = provided.implementations.actors['pld review'];
    expect(isMachineLogic(pld)).toBe(true);
    expect(isMachineLogic((pld as typeof provided).implementations.actors['search blacklist'])).toBe(false);
  });
});

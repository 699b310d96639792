// What a recorded test path can hold (machines/lab/test-paths.ts): JSON only, files and errors
// described, code dropped; and the shape the server reads.
import { describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { testPathsFileSchema } from '../../forms/contracts/test-paths';
import { jsonSafe } from '../../machines/lab/json-safe';

describe('jsonSafe', () => {
  it('keeps plain data and drops functions and undefined', () => {
    expect(jsonSafe({ type: 'tab.next', index: 2, ok: true, none: null, skip: undefined, run: () => 1, list: [1, () => 2, 'x'] })).toEqual({
      type: 'tab.next',
      index: 2,
      ok: true,
      none: null,
      list: [1, null, 'x'],
    });
  });

  it('describes a File by name, size and type, and an Error by name and message', () => {
    const file = new File(['abc'], 'ine.png', { type: 'image/png' });
    expect(jsonSafe({ type: 'file.chosen', file })).toEqual({ type: 'file.chosen', file: { name: 'ine.png', size: 3, type: 'image/png' } });
    expect(jsonSafe(new Blob(['ab']))).toEqual({ name: null, size: 2, type: '' });
    expect(jsonSafe({ error: new TypeError('falló') })).toEqual({ error: { name: 'TypeError', message: 'falló' } });
  });

  it('drops machines and actors, turns sets into arrays, and cuts cycles', () => {
    const machine = createMachine({ id: 'm', initial: 'a', states: { a: { tags: ['busy'] } } });
    const snapshot = createActor(machine).getSnapshot();
    const safe = jsonSafe({ snapshot }) as { snapshot: Record<string, unknown> };
    expect(safe.snapshot).toMatchObject({ status: 'active', value: 'a', tags: ['busy'] });
    expect(safe.snapshot).not.toHaveProperty('machine');
    const cycle: Record<string, unknown> = { a: 1 };
    cycle.self = cycle;
    expect(jsonSafe(cycle)).toEqual({ a: 1, self: '[circular]' });
    const shared = { x: 1 };
    expect(jsonSafe({ one: shared, two: shared })).toEqual({ one: { x: 1 }, two: { x: 1 } });
    expect(() => JSON.stringify(jsonSafe(snapshot))).not.toThrow();
  });

  it('makes steps the file schema accepts', () => {
    const file = { label: 'x', paths: [{ name: 'p', machine: 'm', steps: [{ event: jsonSafe({ type: 'go', f: () => 0 }), transitions: [{ machine: 'm', transition: 'm.a --go--> #m.b' }], value: { a: 'b' } }] }] };
    expect(testPathsFileSchema.isValidSync(file, { strict: true })).toBe(true);
    expect(testPathsFileSchema.isValidSync({ label: 'x', taken: {} }, { strict: true })).toBe(false);
  });
});

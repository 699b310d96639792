// The equality a draft's update decides its unchanged tabs by (server/validation/changed-tabs.ts):
// JSON values equal whatever their keys' order, a holder's neighbourhood lists left out at its top.
// A wrong "equal" would leave a changed tab unvalidated, so it is checked against Node's own deep
// equality over generated JSON, and by hand where they differ on purpose.
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepEqual } from '../../server/validation/changed-tabs';

/** The same value with every object's keys in reverse order (JSON does not order them). */
const reordered = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(reordered)
    : typeof value === 'object' && value !== null
      ? Object.fromEntries(Object.entries(value).reverse().map(([key, item]) => [key, reordered(item)]))
      : value;

/** A value as a request body's JSON parses it (no -0, nothing JSON cannot hold). */
const json = fc.jsonValue().map((value) => JSON.parse(JSON.stringify(value)) as unknown);

describe('deepEqual', () => {
  it('agrees with Node’s deep equality on JSON values, keys in any order', () => {
    fc.assert(
      fc.property(json, json, (a, b) => {
        expect(deepEqual(a, b)).toBe(isDeepStrictEqual(a, b));
        expect(deepEqual(a, reordered(a))).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('sees a change anywhere, however deep, and in an array’s order or length', () => {
    const holder = { calle: 'JUÁREZ', numero: { exterior: '10', interior: '' }, colonias: [{ id: 1 }, { id: 2 }] };
    expect(deepEqual(holder, structuredClone(holder))).toBe(true);
    expect(deepEqual(holder, { ...holder, numero: { exterior: '10', interior: 'B' } })).toBe(false);
    expect(deepEqual(holder, { ...holder, colonias: [{ id: 2 }, { id: 1 }] })).toBe(false);
    expect(deepEqual(holder, { ...holder, colonias: [{ id: 1 }] })).toBe(false);
    expect(deepEqual({ a: null }, { a: {} })).toBe(false);
    expect(deepEqual({ a: [] }, { a: {} })).toBe(false);
    expect(deepEqual({ a: 1 }, { a: 1, b: 2 })).toBe(false);
    expect(deepEqual('1', 1)).toBe(false);
  });

  it('leaves the skipped keys out at the top only', () => {
    const skipped = new Set(['colonias']);
    expect(deepEqual({ cp: '44100', colonias: [1] }, { cp: '44100', colonias: [2] }, skipped)).toBe(true);
    expect(deepEqual({ cp: '44100', colonias: [1] }, { cp: '44100' }, skipped)).toBe(true);
    expect(deepEqual({ cp: '44100', colonias: [1] }, { cp: '44101', colonias: [1] }, skipped)).toBe(false);
    // Deeper, a key of the same name is compared.
    expect(deepEqual({ otro: { colonias: [1] } }, { otro: { colonias: [2] } }, skipped)).toBe(false);
  });
});

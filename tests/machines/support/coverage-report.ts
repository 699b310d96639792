// Transition coverage of the machine tests: each test file collects the transitions its actors
// (and the actors they invoke) really took, through the inspect hook, and leaves them in
// tests/.cache/machine-coverage/<label>.json; `npm run coverage:machines` (print-coverage.ts)
// compares the union with the transitions each machine defines.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import type { AnyStateMachine, InspectionEvent } from 'xstate';
import { definedTransitions, takenTransitions } from '../../../machines/lab/transitions';
import { jsonFileOf, recordTestPaths } from './test-paths-record';

export const COVERAGE_DIR = path.resolve('tests/.cache/machine-coverage');

/** What a test file contributes: the transitions taken, per id of the machine defining them. */
export type CoverageFile = Record<string, string[]>;

/**
 * The coverage of one test file, named `label` in the report. Every actor the file starts passes
 * `inspect`; after the file's tests the transitions taken are written out, and so are the paths
 * testEveryTransition replayed with this hook (test-paths-record.ts).
 */
export function fileCoverage(label: string) {
  const { inspect, taken } = takenTransitions();
  afterAll(() => {
    const out: CoverageFile = Object.fromEntries([...taken].map(([machineId, names]) => [machineId, [...names].sort()]));
    fs.mkdirSync(COVERAGE_DIR, { recursive: true });
    fs.writeFileSync(jsonFileOf(COVERAGE_DIR, label), JSON.stringify({ label, taken: out }, null, 2));
  });
  recordTestPaths(label, inspect);
  /** The transitions of `machine` this file has not taken yet. */
  const missing = (machine: AnyStateMachine) => definedTransitions(machine).filter((name) => !taken.get(machine.id)?.has(name));
  return {
    inspect: inspect as (event: InspectionEvent) => void,
    missing,
    /** A last test: the file took every transition the machine defines (register it after the others). */
    expectEveryTransition(machine: AnyStateMachine) {
      it(`takes every transition ${machine.id} defines`, () => expect(missing(machine)).toEqual([]));
    },
  };
}

export type Inspect = (event: InspectionEvent) => void;

// The paths the model-based tests replay (testEveryTransition), recorded step by step for the machine
// lab: each test file whose coverage is named `label` (fileCoverage) leaves them in
// tests/.cache/machine-paths/<label>.json, beside but apart from its coverage file.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll } from 'vitest';
import type { EventObject, InspectionEvent } from 'xstate';
import type { TestPath, TestPathStep, TestPathsFile } from '../../../forms/contracts/test-paths';
import { jsonSafe } from '../../../machines/lab/json-safe';
import { microstepTransitions } from '../../../machines/lab/transitions';

export const PATHS_DIR = path.resolve('tests/.cache/machine-paths');

/** `<dir>/<label>.json`, the label made a file name. */
export const jsonFileOf = (dir: string, label: string) => path.join(dir, `${label.replace(/[^\w-]+/g, '-')}.json`);

type Inspect = (event: InspectionEvent) => void;

export interface PathRecorder {
  /** Starts the record of one test's path; `inspect` (given to the test's actors) adds what each step took. */
  start(name: string): RecordedPath;
}

export interface RecordedPath {
  inspect: (forward: Inspect) => Inspect;
  /** The event just played and the snapshot it left. */
  step(event: EventObject, snapshot: { value: unknown; machine: { id: string } }): void;
  /** Keeps the path (also when the test failed part-way: the steps it walked). */
  finish(): void;
}

/** The recorder of each test file's coverage hook: testEveryTransition finds it from the hook it is given. */
const recorders = new WeakMap<Inspect, PathRecorder>();

export const pathRecorderOf = (inspect: Inspect): PathRecorder | undefined => recorders.get(inspect);

/** Registers, for the file's coverage hook `inspect`, a recorder writing the file's paths after its tests. */
export function recordTestPaths(label: string, inspect: Inspect): void {
  const paths: TestPath[] = [];
  afterAll(() => {
    if (paths.length === 0) return;
    const file: TestPathsFile = { label, paths };
    fs.mkdirSync(PATHS_DIR, { recursive: true });
    fs.writeFileSync(jsonFileOf(PATHS_DIR, label), JSON.stringify(file));
  });
  recorders.set(inspect, {
    start(name) {
      const steps: TestPathStep[] = [];
      let taken: TestPathStep['transitions'] = [];
      let machine = '';
      let open = true;
      return {
        inspect: (forward) => (event) => {
          forward(event);
          if (open) taken.push(...microstepTransitions(event));
        },
        step(event, snapshot) {
          machine = snapshot.machine.id;
          steps.push({ event: jsonSafe(event) as Record<string, unknown>, transitions: taken, value: jsonSafe(snapshot.value) as TestPathStep['value'] });
          taken = [];
        },
        finish() {
          open = false;
          paths.push({ name, machine, steps });
        },
      };
    },
  });
}

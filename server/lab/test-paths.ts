// Reads the paths the model-based machine tests recorded (one JSON file per test file, written by
// tests/machines/support/test-paths-record.ts) for the machine lab: every path of every file, each
// with its file's label. No folder (the tests never ran here) is no paths; a file that is not such a
// record is left out.
import fs from 'node:fs/promises';
import path from 'node:path';
import { testPathsFileSchema, type LabelledTestPath, type TestPathsFile } from '../../forms/contracts/test-paths';

export const TEST_PATHS_DIR = 'tests/.cache/machine-paths';

async function readFile(file: string): Promise<TestPathsFile | null> {
  try {
    const parsed: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    return (await testPathsFileSchema.validate(parsed, { strict: true })) as TestPathsFile;
  } catch {
    return null;
  }
}

/** The JSON files of a folder; none when it does not exist. */
async function jsonFiles(dir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dir)).filter((name) => name.endsWith('.json')).sort().map((name) => path.join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
}

/** Every recorded path (of one machine, by its id, when given), the files in the order of their labels. */
export async function readTestPaths(dir: string = TEST_PATHS_DIR, machine?: string): Promise<LabelledTestPath[]> {
  const files = (await Promise.all((await jsonFiles(dir)).map(readFile))).filter((file) => file !== null);
  files.sort((a, b) => a.label.localeCompare(b.label));
  return files.flatMap(({ label, paths }) => paths.filter((p) => machine === undefined || p.machine === machine).map((testPath) => ({ label, ...testPath })));
}

/**
 * The transitions of a machine that any test took, by hand-written tests too: the coverage record
 * (tests/machines/support/coverage-report.ts) the same test run writes beside the paths folder.
 */
export async function readExercised(pathsDir: string, machine: string): Promise<string[]> {
  const taken = new Set<string>();
  for (const file of await jsonFiles(path.join(path.dirname(pathsDir), 'machine-coverage'))) {
    try {
      const record = JSON.parse(await fs.readFile(file, 'utf8')) as { taken?: Record<string, unknown> };
      const names = record.taken?.[machine];
      if (Array.isArray(names)) for (const name of names) if (typeof name === 'string') taken.add(name);
    } catch {
      // Not a coverage record: left out, as a malformed paths file is.
    }
  }
  return [...taken].sort();
}

/** The lab's answer for one machine: its paths and every transition the tests exercised. */
export async function readLabRecord(pathsDir: string, machine: string) {
  const [paths, exercised] = await Promise.all([readTestPaths(pathsDir, machine), readExercised(pathsDir, machine)]);
  return { paths, exercised };
}

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

/** Every recorded path, the files in the order of their labels. */
export async function readTestPaths(dir: string = TEST_PATHS_DIR): Promise<LabelledTestPath[]> {
  let names: string[];
  try {
    names = (await fs.readdir(dir)).filter((name) => name.endsWith('.json')).sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = (await Promise.all(names.map((name) => readFile(path.join(dir, name))))).filter((file) => file !== null);
  files.sort((a, b) => a.label.localeCompare(b.label));
  return files.flatMap(({ label, paths }) => paths.map((testPath) => ({ label, ...testPath })));
}

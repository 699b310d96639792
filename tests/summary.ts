// Prints one closing line for the whole run from the Vitest and Playwright JSON reports.
import fs from 'node:fs';

const read = (file: string) => (fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : undefined);
const vitest = read('tests/.cache/vitest.json');
// The production build's browser run and the development server's (playwright.dev.config.ts).
const playwright = ['tests/.cache/playwright.json', 'tests/.cache/playwright-dev.json'].map(read);
const browser = (stat: 'expected' | 'unexpected' | 'flaky' | 'skipped') => playwright.reduce((sum, report) => sum + (report?.stats?.[stat] ?? 0), 0);

const passed = (vitest?.numPassedTests ?? 0) + browser('expected');
const failed = (vitest?.numFailedTests ?? 0) + browser('unexpected') + browser('flaky');
const skipped = (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0) + browser('skipped');
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);

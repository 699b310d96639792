// Issue 16, quality bar: every route, public and staff, opens with no warning or error in the
// browser's console, and passes axe at every impact. Run against the Vite development server
// (playwright.dev.config.ts), where React and Blueprint print their warnings.
import { expect, test, type Page } from '@playwright/test';
import { accessibilityViolations } from './support/axe';
import { createRecords, isPlaywrightInSandbox, ROUTES, signInAsStaff, visit, type Records } from './support/routes';

/** Every console warning and error, and every uncaught error, of the page: `where` says which route. */
function watchConsole(page: Page) {
  const messages: string[] = [];
  const state = { where: '' };
  page.on('console', (message) => {
    if (isPlaywrightInSandbox(message.text())) return;
    if (message.type() === 'warning' || message.type() === 'error') messages.push(`${state.where}: [${message.type()}] ${message.text()}`);
  });
  page.on('pageerror', (error) => messages.push(`${state.where}: [uncaught] ${error.message}`));
  return { messages, state };
}

/** Names Blueprint gives in English (a title on hover, a name a screen reader reads) that a person could meet. */
const ENGLISH = /\b(open|close|clear|dropdown|next|previous|month|year|date picker|loading|search|remove|expand|collapse)\b/i;

async function englishNames(page: Page) {
  const names = await page.evaluate(() =>
    [...document.querySelectorAll('[title], [aria-label], svg title')].map((element) =>
      element.tagName.toLowerCase() === 'title' ? element.textContent ?? '' : `${element.getAttribute('title') ?? ''} ${element.getAttribute('aria-label') ?? ''}`.trim(),
    ),
  );
  return names.filter((name) => ENGLISH.test(name));
}

// Many routes a test, each a first visit for the development server, on a shared machine.
test.describe.configure({ timeout: 600_000 });

for (const audience of ['public', 'staff'] as const) {
  test(`every ${audience} route opens with no console warning or error and passes axe`, async ({ page, request }) => {
    const { messages, state } = watchConsole(page);
    state.where = 'records';
    const records: Records = await createRecords(page, request);
    if (audience === 'staff') {
      state.where = 'staff sign-in';
      await signInAsStaff(page);
    }
    for (const route of ROUTES.filter((r) => r.audience === audience && !r.notInDev)) {
      state.where = route.name;
      await visit(page, route, records);
      for (const violation of await accessibilityViolations(page, route.axe)) messages.push(`${route.name}: axe ${violation}`);
      for (const name of await englishNames(page)) messages.push(`${route.name}: English name '${name}'`);
    }
    // Every route is visited before the test fails, so that one run lists every problem.
    expect(messages, messages.join('\n')).toEqual([]);
  });
}

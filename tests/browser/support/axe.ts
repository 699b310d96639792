import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * Waits until no finite animation or transition runs (a notification fading in is checked once it
 * is shown, not at half its opacity); spinners, which never end, are not waited for.
 */
async function settled(page: Page) {
  // A success notification lasts a second: axe takes longer than that on a busy machine and would
  // measure it fading out. It is let go first; an error one (8 s) stays and is checked as shown.
  await page.waitForFunction(() => !document.querySelector('.bp6-toast'), undefined, { timeout: 3_000 }).catch(() => undefined);
  await page
    .waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity), undefined, { timeout: 5_000 })
    .catch(() => undefined);
}

export interface AxeScope {
  /**
   * Elements left out, with what is inside them. A frame where no script may run (the outbox's
   * sandboxed message) must be: axe runs inside every frame and waits for it, and there its timers never fire.
   */
  exclude?: string[];
}

/** Fails on any accessibility violation of the page, of any impact (minor and moderate too), once its animations have settled. */
export async function expectAccessible(page: Page, scope: AxeScope = {}) {
  const violations = await accessibilityViolations(page, scope);
  expect(violations, violations.join('\n')).toEqual([]);
}

/** The page's accessibility violations of any impact once its animations have settled, one line each. */
export async function accessibilityViolations(page: Page, { exclude = [] }: AxeScope = {}) {
  await settled(page);
  const results = await exclude.reduce((builder, selector) => builder.exclude(selector), new AxeBuilder({ page })).analyze();
  // What a person hears: elements hidden from assistive technology, or excluded from the check, are left out.
  const english = await page.evaluate(
    ({ names, excluded }) => {
      const heard = (element: Element) => !element.closest('[aria-hidden="true"]') && !excluded.some((selector) => element.closest(selector));
      const found = [...document.querySelectorAll('[aria-label]')]
        .filter(heard)
        .map((element) => element.getAttribute('aria-label') ?? '')
        .filter((name) => names.includes(name.trim().toLowerCase()));
      return [...new Set(found)];
    },
    { names: BLUEPRINT_ENGLISH_NAMES, excluded: exclude },
  );
  return [
    ...results.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ...english.map((name) => `english-name: a control is announced as '${name}', one of Blueprint's English defaults (the product speaks Spanish)`),
  ];
}

/** The accessible names Blueprint's components give in English when not told otherwise (grep of its lib/esm). */
const BLUEPRINT_ENGLISH_NAMES = [
  'close',
  'selectable options',
  'loading',
  'increment',
  'decrement',
  'date picker',
  'collapsed breadcrumbs',
  'remove tag',
  'date picker shortcuts',
  'clear selected items',
  'clear filter query',
  'back',
  'timezone',
  'steps',
];

/** Fails when the page scrolls sideways at the current viewport width. */
export async function expectNoHorizontalScroll(page: Page) {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
}

// Issue 16, small screens and the company's look: the compact stepper at 360 px, the guarantors as
// cards, and the logo and primary colour from the configuration.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { createApplication, createGuarantor, pageBearer } from './support/api';
import { acceptFirstUse, openStep } from './support/wizard-steps';

const PHONE = { width: 360, height: 740 };
const stepper = (page: Page) => page.getByRole('navigation', { name: 'Secciones de la solicitud' });
const toggle = (page: Page) => stepper(page).getByRole('button', { name: /Ver todos los pasos/ });
const listStep = (page: Page, name: RegExp) => stepper(page).getByRole('listitem').getByRole('button', { name });

test('at 360 px the stepper is one bar: the step and its number, the steps either side, the list on request', async ({ page, request }) => {
  await page.setViewportSize(PHONE);
  const uuid = await createApplication(request, 'pf', { last_index: 2 });
  await page.goto(`/pf/${uuid}`);
  const title = page.getByRole('heading', { level: 2 });
  await expect(title).toHaveText('Empleo');

  // One bar, no list: it stands for the current step.
  await expect(toggle(page)).toContainText('Paso 3 de 6 · Empleo');
  await expect(toggle(page)).toHaveAttribute('aria-current', 'step');
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(stepper(page).getByRole('listitem')).toHaveCount(0);
  const bar = await stepper(page).boundingBox();
  expect(bar!.height).toBeLessThan(70);
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/small-screens/stepper-360.png' });

  // The buttons either side select through the statechart, as the list's steps do.
  await stepper(page).getByRole('button', { name: 'Ir al paso 2' }).click();
  await expect(title).toHaveText('Vivienda');
  await expect(toggle(page)).toContainText('Paso 2 de 6 · Vivienda');
  await expect(page.getByRole('button', { name: /Vivienda/ })).toHaveAttribute('aria-current', 'step');
  await stepper(page).getByRole('button', { name: 'Ir al paso 3' }).click();
  await expect(title).toHaveText('Empleo');

  // A step left with a required field empty is flagged: on the bar while elsewhere, and on its own name.
  await page.getByLabel('Empresa', { exact: true }).fill('');
  await stepper(page).getByRole('button', { name: 'Ir al paso 2' }).click();
  await expect(title).toHaveText('Vivienda');
  await expect(toggle(page)).toContainText('Ver todos los pasos (1 con errores)');
  await page.screenshot({ path: 'test-results/small-screens/stepper-errors-360.png' });
  await stepper(page).getByRole('button', { name: 'Ir al paso 3' }).click();
  await expect(toggle(page)).toHaveAccessibleName(/^Paso 3 de 6 · Empleo \(con errores\)/);
  await page.getByLabel('Empresa', { exact: true }).fill('tornillos del bajío');
  await stepper(page).getByRole('button', { name: 'Ir al paso 2' }).click();
  await stepper(page).getByRole('button', { name: 'Ir al paso 1' }).click();
  await expect(toggle(page)).toContainText('Paso 1 de 6 · Datos generales');
  await expect(toggle(page)).not.toContainText('con errores');

  // The whole list on request, by keyboard: the same steps, the current one marked.
  await toggle(page).focus();
  await page.keyboard.press('Enter');
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  await expect(toggle(page)).not.toHaveAttribute('aria-current', 'step');
  await expect(stepper(page).getByRole('listitem')).toHaveCount(6);
  await expect(listStep(page, /Datos generales/)).toHaveAttribute('aria-current', 'step');
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/small-screens/stepper-list-360.png' });
  // Escape folds it back, from any of its steps, the focus on the bar.
  await page.keyboard.press('Tab');
  await page.keyboard.press('Escape');
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle(page)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'true');
  await openStep(page, /Empleo/);
  await expect(title).toHaveText('Empleo');
  await expect(toggle(page)).toHaveAttribute('aria-expanded', 'false');
  await expect(toggle(page)).toHaveAttribute('aria-current', 'step');

  // At 1280 px the list is the stepper, as before, and the bar is gone.
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(toggle(page)).toBeHidden();
  await expect(stepper(page).getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('button', { name: /Empleo/ })).toHaveAttribute('aria-current', 'step');
  await page.screenshot({ path: 'test-results/small-screens/stepper-1280.png' });
});

test('at 360 px a new application: the steps not reached are disabled, on the bar and in the list', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/pf');
  await acceptFirstUse(page);
  await expect(toggle(page)).toContainText('Paso 1 de 6 · Datos generales');
  await expect(stepper(page).getByRole('button', { name: 'Ir al paso 2' })).toBeDisabled();
  await expect(stepper(page).getByRole('button', { name: /^Ir al paso/ })).toHaveCount(1);
  await toggle(page).click();
  await expect(listStep(page, /Vivienda/)).toBeDisabled();
  await expect(listStep(page, /Datos generales/)).toHaveAttribute('aria-current', 'step');
  await toggle(page).click();
  await expect(stepper(page).getByRole('listitem')).toHaveCount(0);
  await expectAccessible(page);
});

test('at 360 px the guarantors are cards with their buttons in view', async ({ page, request }) => {
  const own = await pageBearer(page);
  const uuid = await createApplication(request, 'pm', { last_index: 4 }, {}, own);
  await createGuarantor(request, uuid, 'SOFÍA', false, own);
  await page.goto(`/pm/${uuid}`);
  const row = page.getByRole('row').filter({ hasText: 'SOFÍA GARCÍA RAMÍREZ' });
  await expect(row).toContainText('Incompleto');
  await page.screenshot({ path: 'test-results/small-screens/avales-1280.png' });

  await page.setViewportSize(PHONE);
  await expectNoHorizontalScroll(page);
  // A card: each value under its column's name, the buttons at its foot, all inside the screen.
  await expect(row.locator('td[data-label="Tipo de persona"]')).toHaveCSS('display', 'grid');
  const card = await row.boundingBox();
  expect(card!.x).toBeGreaterThanOrEqual(0);
  expect(card!.x + card!.width).toBeLessThanOrEqual(PHONE.width);
  for (const name of ['Editar SOFÍA GARCÍA RAMÍREZ', 'Eliminar SOFÍA GARCÍA RAMÍREZ']) {
    const button = row.getByRole(name.startsWith('Editar') ? 'link' : 'button', { name });
    await button.scrollIntoViewIfNeeded();
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/small-screens/avales-360.png', fullPage: true });
});

/** index.html with the company's logo and colour written into its configuration, as COMPANY_LOGO_URL and COMPANY_PRIMARY_COLOR would. */
async function withBrand(page: Page, company: Record<string, unknown>) {
  await page.route(
    (url) => !url.pathname.startsWith('/api') && !url.pathname.includes('.'),
    async (route) => {
      const response = await route.fetch();
      const html = await response.text();
      const body = html.replace(/(<script type="application\/json" id="app-config">)(.*?)(<\/script>)/, (_all, open: string, json: string, close: string) => {
        const config = JSON.parse(json);
        Object.assign(config.company, company);
        return open + JSON.stringify(config).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026') + close;
      });
      await route.fulfill({ response, body });
    },
  );
}

test('dialogs zoom in and out by default, and appear and go at once for a person who asked for less motion', async ({ browser }) => {
  for (const reducedMotion of ['no-preference', 'reduce'] as const) {
    const context = await browser.newContext({ reducedMotion });
    const page = await context.newPage();
    // Blueprint's zoom is a 300 ms transition of the dialog while it appears and goes: each one run is recorded.
    await page.addInitScript(() => {
      const runs: string[] = [];
      Object.assign(window, { dialogTransitions: runs });
      window.addEventListener('transitionrun', (event) => (event.target as Element).matches('.bp6-dialog') && runs.push(event.propertyName), true);
    });
    await page.goto('/pf');
    const dialog = page.getByRole('dialog', { name: 'Antes de comenzar' });
    const accept = dialog.getByRole('button', { name: 'Aceptar' });
    await expect(accept).toBeFocused();
    // Two frames after 'Aceptar', does the closing dialog take a click at its centre?
    const atCentre = await accept.evaluate(async (button) => {
      const box = button.closest('.bp6-dialog')!.getBoundingClientRect();
      (button as HTMLButtonElement).click();
      await new Promise(requestAnimationFrame);
      await new Promise(requestAnimationFrame);
      return document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)?.closest('.bp6-overlay') ? 'dialog' : 'page';
    });
    await expect(dialog).toBeHidden();
    const transitions = await page.evaluate(() => (window as unknown as { dialogTransitions: string[] }).dialogTransitions);
    if (reducedMotion === 'reduce') {
      expect(transitions).toEqual([]);
      expect(atCentre).toBe('page');
    } else {
      // Zoomed in and out: opacity and transform, each twice.
      expect(transitions.filter((property) => property === 'opacity')).toHaveLength(2);
      expect(transitions.filter((property) => property === 'transform')).toHaveLength(2);
    }
    await context.close();
  }
});

const LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="160" height="36"><rect width="160" height="36" rx="6" fill="#fff"/><text x="12" y="25" font-size="18" font-family="sans-serif" fill="#0b5d3b">Occidente</text></svg>',
).toString('base64')}`;

test("the company's logo and primary colour from the configuration: header, primary buttons, both screens", async ({ page }) => {
  await withBrand(page, { logoUrl: LOGO, colors: { primary: '#0b5d3b', hover: '#094f32', active: '#084129' } });
  await page.goto('/');
  // Outlined and minimal primary buttons take it as their text colour.
  await expect(page.getByRole('button', { name: 'Ver información requerida de Persona Física', exact: true })).toHaveCSS('color', 'rgb(11, 93, 59)');
  await page.goto('/pf');
  const header = page.getByRole('banner');
  const logo = header.getByRole('img', { name: 'Arrendadora Occidente' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect(header.getByRole('link', { name: 'Arrendadora Occidente' })).toHaveAttribute('href', 'https://empresa.example');
  await expect(header).toHaveCSS('background-color', 'rgb(11, 93, 59)');
  const accept = page.getByRole('dialog', { name: 'Antes de comenzar' }).getByRole('button', { name: 'Aceptar' });
  await expect(accept).toHaveCSS('background-color', 'rgb(11, 93, 59)');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/small-screens/brand-dialog-1280.png' });
  await accept.click();
  await expect(page.getByRole('button', { name: 'Siguiente' })).toHaveCSS('background-color', 'rgb(11, 93, 59)');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/small-screens/brand-1280.png' });
  await page.setViewportSize(PHONE);
  await expectNoHorizontalScroll(page);
  await expect(logo).toBeInViewport();
  await page.screenshot({ path: 'test-results/small-screens/brand-360.png' });
});

test("without a configured logo and colour the header keeps today's look", async ({ page }) => {
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('img')).toHaveCount(0);
  await expect(header.getByRole('link', { name: 'Arrendadora Occidente' })).toHaveText('Arrendadora Occidente');
  await expect(header).toHaveCSS('background-color', 'rgb(28, 33, 39)');
});

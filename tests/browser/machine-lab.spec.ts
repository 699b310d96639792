// The machine lab (/maquinas) as an engineer uses it: every machine of the registry listed, the
// wizard drawn and walked with the keyboard, its text alternative, a test path replayed, an event
// sent to a sandbox copy, and a wizard open in another page attached to live.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { MACHINES } from '../../machines/lab/registry';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { signInAsStaff } from './support/routes';
import { rfcCheckDigit } from '../../forms/rules/rfc';
import { acceptFirstUse, CARLOS, fillPersonGeneralData } from './support/wizard-steps';

const drawn = (page: Page) => expect(page.locator('.lab-viewport[data-laid-out="true"]')).toBeVisible({ timeout: 30_000 });
const panel = (page: Page) => page.getByRole('complementary', { name: 'Panel del laboratorio' });
const sandboxState = async (page: Page) => JSON.parse((await page.getByTestId('sandbox-state-value').textContent()) ?? 'null') as unknown;
const activeStates = (page: Page) => page.locator('.lab-state.is-active > button').evaluateAll((buttons) => buttons.map((b) => (b as HTMLElement).dataset.state));

test.beforeEach(async ({ page }) => {
  await signInAsStaff(page);
});

test('lists every machine, draws the wizard, walks its states with the keyboard and lists them as text', async ({ page }) => {
  await page.goto('/maquinas');
  await expect(page.getByRole('heading', { level: 1, name: 'Laboratorio de máquinas' })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Máquinas' });
  for (const { title } of MACHINES) await expect(nav.getByRole('link', { name: title, exact: true })).toBeVisible();
  await expectAccessible(page);

  await nav.getByRole('link', { name: 'Asistente de solicitud', exact: true }).click();
  await drawn(page);
  await expect(page).toHaveTitle(/^Asistente de solicitud · Laboratorio de máquinas · /);
  // Every state a button, in the machine's order: Tab walks them, Enter shows the details.
  await page.getByRole('button', { name: 'Ajustar' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('data-state', 'wizard');
  await page.keyboard.press('Tab');
  await expect(page.locator(':focus')).toHaveAttribute('data-state', 'wizard.opening');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  const details = panel(page);
  await expect(details.getByRole('heading', { name: 'wizard.loading' })).toBeVisible();
  await expect(details).toContainText('busy');
  await expect(details).toContainText('load application (load)');
  await expect(details).toContainText('al terminar load [is complete for the public]');

  const list = page.getByRole('region', { name: 'Estados y transiciones' });
  await expect(list).toContainText('tab.next [and(no modal is open, has a next tab)] → wizard.ready.checkingFields');
  await list.getByRole('button', { name: 'saving', exact: true }).click();
  await expect(details.getByRole('heading', { name: 'wizard.ready.saving' })).toBeVisible();
  await expect(details).toContainText('save application');
  await expectAccessible(page);

  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test('replays a path the model-based tests walked, and sends an event to a sandbox copy', async ({ page }) => {
  expect(fs.existsSync('tests/.cache/machine-paths/print.json'), 'no test paths recorded: run the machine tests first (npm run coverage:machines)').toBe(true);
  await page.goto('/maquinas/print');
  await drawn(page);
  await panel(page).getByRole('tab', { name: 'Rutas de prueba' }).click();
  await expect(panel(page)).toContainText('Transiciones ejercitadas por las pruebas: 19 de 19');
  const route = panel(page).getByLabel(/Ruta de prueba/);
  const name = (await route.locator('option').allTextContents()).find((text) => text.includes('pdf.download'))!;
  await route.selectOption({ label: name });
  await expect(panel(page)).toContainText(/Paso 1 de \d+: xstate.init/);
  expect(await activeStates(page)).toContain('print.packet.loading');
  await panel(page).getByRole('button', { name: 'Paso siguiente' }).click();
  await expect(panel(page)).toContainText(/Paso 2 de \d+: xstate.done.actor.fetch/);
  expect(await activeStates(page)).toContain('print.packet.shown');
  await expect(page.locator('.lab-edge-line.is-recent')).toHaveText(['al terminar fetch']);
  await expectAccessible(page);

  await panel(page).getByRole('tab', { name: 'Simulación' }).click();
  await panel(page).getByRole('button', { name: 'Iniciar simulación' }).click();
  await expect.poll(() => sandboxState(page)).toEqual({ packet: 'loading', pdf: 'idle' });
  await panel(page).getByRole('button', { name: /^Rechazar/ }).click();
  await expect.poll(() => sandboxState(page)).toEqual({ packet: 'failed', pdf: 'idle' });
  expect(await activeStates(page)).toContain('print.packet.failed');
  await expect(panel(page).getByLabel('Evento', { exact: true })).toHaveValue('print.retry');
  await panel(page).getByRole('button', { name: 'Enviar evento' }).click();
  await expect.poll(() => sandboxState(page)).toEqual({ packet: 'loading', pdf: 'idle' });
  expect(await activeStates(page)).toContain('print.packet.loading');
  await expectAccessible(page);
});

test('attaches to a wizard open in another page: its state highlighted, each step logged, stepped back', async ({ page, context }) => {
  test.setTimeout(90_000);
  await page.goto('/maquinas/wizard');
  await drawn(page);
  await panel(page).getByRole('tab', { name: 'En vivo' }).click();
  await expect(panel(page)).toContainText('Ningún actor de esta máquina en vivo.');

  const wizard = await context.newPage();
  await wizard.goto('/pf?params=F9');
  await acceptFirstUse(wizard);
  // Opened after the lab asked: found when the lab asks again.
  await panel(page).getByRole('button', { name: 'Buscar actores' }).click();
  await expect(panel(page).getByLabel(/Actor en vivo/)).toBeVisible();
  await expect(panel(page)).toContainText('Estado: {"ready":"idle"}');
  expect(await activeStates(page)).toContain('wizard.ready.idle');

  // An RFC of its own: the suite's server holds other records with the default one, which staff meet as a duplicate.
  const body = `GARC850314${randomUUID().replace(/-/g, '').slice(0, 2).toUpperCase()}`;
  await fillPersonGeneralData(wizard, { ...CARLOS, rfc: body + rfcCheckDigit(body) });
  await wizard.getByRole('button', { name: 'Siguiente' }).click();
  await expect(wizard.getByRole('button', { name: /Vivienda/ })).toHaveAttribute('aria-current', 'step');

  // The step that saved: logged with its time; shown, it highlights the saving state and the transition into it.
  const log = panel(page).getByRole('table', { name: 'Registro de eventos' });
  await expect(log.getByRole('button', { name: /fields.checked/ }).first()).toBeVisible();
  await expect(log.getByRole('button', { name: /xstate.done.actor.save/ })).toBeVisible();
  await expect(log.locator('tbody tr').first().locator('td').first()).toHaveText(/^\d\d:\d\d:\d\d\.\d{3}$/);
  await log.locator('tr', { hasText: '{"ready":"saving"}' }).getByRole('button').click();
  await expect(panel(page)).toContainText(/Paso \d+ \(anterior\)/);
  expect(await activeStates(page)).toContain('wizard.ready.saving');
  await expect(page.locator('.lab-edge-line.is-recent').first()).toBeVisible();
  await panel(page).getByRole('button', { name: 'Seguir el último' }).click();
  await expect(panel(page)).toContainText('Último paso');
  expect(await activeStates(page)).toContain('wizard.ready.idle');
  await expectAccessible(page);
});

test("an applicant's wizard publishes nothing, whoever asks on the lab's channel", async ({ browser }) => {
  const context = await browser.newContext();
  const wizard = await context.newPage();
  await wizard.goto('/pf');
  await acceptFirstUse(wizard);
  await wizard.getByLabel('Nombre(s)').fill('ana');
  // Another page of the same origin asks as the lab does, then listens while the applicant types.
  const listener = await context.newPage();
  await listener.goto('/');
  const heard = listener.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const channel = new BroadcastChannel('laboratorio-maquinas');
        let count = 0;
        channel.onmessage = (message) => void (message.data?.type?.startsWith('live.') && count++);
        channel.postMessage({ type: 'lab.hello' });
        setTimeout(() => resolve(count), 3_000);
      }),
  );
  await wizard.getByLabel('Apellido paterno').fill('lópez');
  await wizard.getByRole('button', { name: 'Siguiente' }).click();
  expect(await heard).toBe(0);
  await context.close();
});

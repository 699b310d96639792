// 'Correos enviados' in the browser, against the real outbox: the test server has no SMTP server, so
// a public first save's resume link is kept as 'No enviado: sin SMTP configurado' (a mail catcher).
// As the demo staff member (Administrador): the table at 1280 px and its cards at 360 px, the search,
// a message opened by keyboard (its HTML in the sandboxed frame, styled and without links, its text),
// Escape giving the focus back to its row, and 'Enviar de nuevo'; axe on each state.
import { expect, test, type Page } from '@playwright/test';
import { createApplication } from './support/api';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { isPlaywrightInSandbox, signInAsStaff } from './support/routes';

const ADDRESS = 'bandeja.prueba@example.com';
const FRAME_LEFT_OUT = { exclude: ['.mail-frame'] };
let uuid: string;

test.beforeAll(async ({ request }) => {
  uuid = await createApplication(request, 'pf', { last_index: 1 }, { email: ADDRESS });
});

/** Opens the outbox searched for this test's application, once its resume link is kept (the queue takes a moment). */
async function openOutbox(page: Page) {
  await page.goto(`/correos?q=${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Correos enviados' })).toBeVisible();
  const kept = page.getByRole('table').getByText('No enviado: sin SMTP configurado');
  await expect(async () => {
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(kept).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

for (const width of [1280, 360]) {
  test(`at ${width} px: the kept resume link is listed, opened by keyboard with its HTML and text parts, and Escape gives the focus back`, async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      // Said of the assertions below that look inside the frame, and of the trace's snapshots (with --trace off and no look inside, nothing is).
      if (isPlaywrightInSandbox(message.text())) return;
      if (message.type() === 'warning' || message.type() === 'error') warnings.push(message.text());
    });
    await page.setViewportSize({ width, height: width === 360 ? 740 : 900 });
    await signInAsStaff(page);
    // The staff menu leads there.
    await page.getByRole('banner').getByRole('button', { name: 'Menú' }).click();
    await page.getByRole('menuitem', { name: 'Correos enviados' }).click();
    await expect(page).toHaveURL(/\/correos$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Correos enviados' })).toBeVisible();

    await openOutbox(page);
    await expect(page.getByLabel('Buscar', { exact: true })).toHaveValue(uuid);
    await expect(page.getByText('2 correos')).toBeVisible();
    const code = page.getByRole('row').filter({ hasText: 'Enlace para continuar' });
    await expect(code).toContainText(ADDRESS);
    await expect(code).toContainText('Tu solicitud de crédito en Arrendadora Occidente: enlace para continuar');
    // The reminder waits for its day.
    await expect(page.getByRole('row').filter({ hasText: 'Recordatorio' })).toContainText(/Pendiente\s*Se enviará el/);
    await expectNoHorizontalScroll(page);
    await expectAccessible(page);
    await page.screenshot({ path: `test-results/mail-outbox/list-${width}.png`, fullPage: true });

    // The state filter: only the kept one.
    await page.getByLabel('Estado').selectOption({ label: 'No enviado: sin SMTP configurado' });
    await expect(page).toHaveURL(/estado=sin_smtp/);
    await expect(page.getByText('1 correo', { exact: true })).toBeVisible();

    const opener = page.getByRole('button', { name: /^Ver correo a bandeja\.prueba@example\.com: Enlace para continuar/ });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Correo' });
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(/correo=\d+/);
    await expect(dialog).toContainText('No enviado: sin SMTP configurado');
    await expect(dialog).toContainText(uuid);
    // The HTML part: rendered in a sandboxed frame, styled through the CSSOM, its link no longer a link.
    const frame = dialog.locator('iframe');
    await expect(frame).toHaveAttribute('sandbox', 'allow-same-origin');
    await expect(frame).toHaveAttribute('title', /^Contenido HTML del correo: /);
    const inside = page.frameLocator('.mail-dialog iframe');
    await expect(inside.getByText('Continuar mi solicitud')).toBeVisible();
    await expect(inside.getByText('Hola, CARLOS')).toBeVisible();
    await expect(inside.locator('a[href]')).toHaveCount(0);
    await expect(inside.getByText('Continuar mi solicitud')).toHaveAttribute('title', new RegExp(`/pf/${uuid}$`));
    await expect(inside.getByText('Continuar mi solicitud')).toHaveCSS('background-color', 'rgb(45, 114, 210)');
    // The text part.
    await expect(dialog.locator('pre')).toContainText(`/pf/${uuid}`);
    await expect(dialog.getByRole('heading', { name: 'Texto' })).toBeVisible();
    // The frame is named (its title, above); the message inside is the sender's, where axe cannot run.
    await expectAccessible(page, FRAME_LEFT_OUT);
    await page.screenshot({ path: `test-results/mail-outbox/dialog-${width}.png` });

    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page).not.toHaveURL(/correo=/);
    await expect(opener).toBeFocused();
    expect(warnings).toEqual([]);
  });
}

test('Enviar de nuevo puts the message back in the queue, says so, and the row shows what became of it', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsStaff(page);
  await openOutbox(page);
  const opener = page.getByRole('button', { name: /^Ver correo a bandeja\.prueba@example\.com: Enlace para continuar/ });
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Correo' });
  await dialog.getByRole('button', { name: 'Enviar de nuevo' }).click();
  const done = dialog.getByRole('status');
  await expect(done).toHaveText(`El correo a ${ADDRESS} se enviará de nuevo en unos segundos.`);
  // Its button gone with the message pending again, the focus is on what was said.
  await expect(done).toBeFocused();
  await expect(dialog.locator('.mail-detail').filter({ hasText: 'Enviado de nuevo' })).toContainText('1 vez');
  await expectAccessible(page, FRAME_LEFT_OUT);
  await page.screenshot({ path: 'test-results/mail-outbox/resent-1280.png' });
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();
  // Without SMTP it is kept again.
  await expect(async () => {
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await expect(page.getByRole('row').filter({ hasText: 'Enlace para continuar' })).toContainText('No enviado: sin SMTP configurado', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
});

test('at 360 px, more messages than a page: the pager walks them by keyboard, its focus kept in it, nothing wider than the screen', async ({ page, request }) => {
  // Each first save with an e-mail queues two messages (its resume link and a reminder): 26, one past a page of 25.
  const address = 'paginas.prueba@example.com';
  for (let made = 0; made < 13; made++) await createApplication(request, 'pf', { last_index: 1 }, { email: address });
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsStaff(page);
  await page.goto(`/correos?q=${encodeURIComponent(address)}`);
  await expect(page.getByText('26 correos')).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Páginas de correos' });
  await expect(pager).toContainText('Página 1 de 2');
  await expect(page.getByRole('button', { name: /^Ver correo a paginas\.prueba@example\.com/ })).toHaveCount(25);

  const forward = pager.getByRole('link', { name: 'Siguiente' });
  await forward.focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/page=2/);
  await expect(pager).toContainText('Página 2 de 2');
  await expect(page.getByRole('button', { name: /^Ver correo a paginas\.prueba@example\.com/ })).toHaveCount(1);
  // 'Siguiente' is disabled on the last page: the focus is on 'Anterior', in sight.
  const back = pager.getByRole('link', { name: 'Anterior' });
  await expect(back).toBeFocused();
  await expect(back).toBeInViewport();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/mail-outbox/pager-360.png', fullPage: true });

  await page.keyboard.press('Enter');
  await expect(pager).toContainText('Página 1 de 2');
  await expect(page.getByRole('button', { name: /^Ver correo a paginas\.prueba@example\.com/ })).toHaveCount(25);
  await expect(pager.getByRole('link', { name: 'Siguiente' })).toBeFocused();
});

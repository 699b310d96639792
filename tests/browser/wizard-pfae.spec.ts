// The business-activity wizard's extras, and the blocked openings of a record by uuid.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { createApplication, pageBearer } from './support/api';

test('PFAE: profession, position, fiscal address, and the copy onto the operating address', async ({ page, request }) => {
  const uuid = await createApplication(request, 'pfae', { last_index: 2 });
  await page.goto(`/pfae/${uuid}`);
  await expect(page.getByRole('button', { name: /Empleo/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByLabel('Profesión actual')).toBeVisible();
  await expect(page.getByLabel('Puesto actual')).toBeVisible();

  const fiscal = page.locator('input[name="empleo.domicilio_fiscal.calle"]');
  await fiscal.fill('AV. HIDALGO 500');
  await page.locator('input[name="empleo.domicilio_fiscal.codigo_postal"]').fill('64000');
  const fiscalColonia = page.locator('select[name="empleo.colonia_fiscal"]');
  await expect(fiscalColonia.locator('option').nth(1)).toBeAttached();
  const chosen = await fiscalColonia.locator('option').nth(1).textContent();
  await fiscalColonia.selectOption({ index: 1 });

  await page.getByText('El domicilio operativo es el mismo que el fiscal').click();
  await expect(page.getByLabel('El domicilio operativo es el mismo que el fiscal')).toBeChecked();
  await expect(page.locator('input[name="empleo.domicilio_operativo.calle"]')).toHaveValue('AV. HIDALGO 500');
  await expect(page.locator('input[name="empleo.domicilio_operativo.codigo_postal"]')).toHaveValue('64000');
  await expect(page.locator('select[name="empleo.colonia_operativo"]')).toHaveValue(chosen!);
  await expect(page.getByText('Monterrey, Nuevo León').first()).toBeVisible();
  await expectAccessible(page);
  // Ticked, the operating address is the fiscal one: it follows a change, and is not edited apart.
  const operating = page.locator('input[name="empleo.domicilio_operativo.calle"]');
  await expect(operating).toBeDisabled();
  await fiscal.press('End');
  await fiscal.pressSequentially(' int 5');
  await expect(fiscal).toHaveValue('AV. HIDALGO 500 INT 5');
  await expect(operating).toHaveValue('AV. HIDALGO 500 INT 5');

  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('button', { name: /Activos y pasivos/ })).toHaveAttribute('aria-current', 'step');
  await page.reload();
  await page.getByRole('button', { name: /Empleo/ }).click();
  await expect(page.locator('input[name="empleo.domicilio_operativo.calle"]')).toHaveValue('AV. HIDALGO 500 INT 5');
});

test("a public applicant opening a finished record sees 'Registro completo' and a blank form", async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf', { last_index: 5, complete: true });
  await page.goto(`/pf/${uuid}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Registro completo');
  await expect(dialog).toContainText('La solicitud ha sido finalizada, por favor comience el registro nuevamente.');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/pf$/);
  await expect(page.getByLabel('Nombre(s)')).toHaveValue('');
});

test("an expired record says 'Código expirado' and starts blank", async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf');
  // The server's 30-day rule is covered by the API tests; here the answer says it expired.
  await page.route(`**/api/wizardpf/${uuid}/1`, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    await route.fulfill({ response, json: { ...body, meta: { ...body.meta, expired: true } } });
  });
  await page.goto(`/pf/${uuid}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Código expirado');
  await expect(dialog).toContainText('...la solicitud ha expirado, por favor comience el registro nuevamente.');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/pf$/);
  await expect(page.getByLabel('Nombre(s)')).toHaveValue('');
});

test('the wizard stays usable at 360 px wide', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const uuid = await createApplication(request, 'pfae', { last_index: 2 });
  await page.goto(`/pfae/${uuid}`);
  // The stepper is one bar standing for the current step.
  const stepper = page.getByRole('navigation', { name: 'Secciones de la solicitud' });
  await expect(stepper.getByRole('button', { name: /Ver todos los pasos/ })).toContainText('Paso 3 de 6 · Empleo');
  await expect(page.getByRole('button', { name: /Empleo/ })).toHaveAttribute('aria-current', 'step');
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeVisible();
});

test('a save refused because the record changed elsewhere says so, and keeps what was typed', async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf', { last_index: 2 });
  await page.goto(`/pf/${uuid}`);
  await expect(page.getByRole('button', { name: /Empleo/ })).toHaveAttribute('aria-current', 'step');
  await page.getByLabel('Empresa', { exact: true }).fill('otra empresa');
  await page.route(`**/api/wizardpf/${uuid}`, (route) =>
    route.request().method() === 'PUT'
      ? route.fulfill({
          status: 409,
          json: { statusCode: 409, code: 'stale_version', message: 'La solicitud se modificó desde otra sesión mientras la editabas. Recarga la página para ver la versión actual.' },
        })
      : route.continue(),
  );
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('La solicitud se modificó desde otra sesión');
  await dialog.getByRole('button', { name: 'Cerrar' }).click();
  await expect(page.getByRole('button', { name: /Empleo/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByLabel('Empresa', { exact: true })).toHaveValue('OTRA EMPRESA');
});

test('a save overtaken by another session: the dialog reloads, the saved value is shown beside what was typed, which one button takes', async ({ page, request }) => {
  const own = await pageBearer(page);
  const uuid = await createApplication(request, 'pf', { last_index: 2 }, {}, own);
  await page.goto(`/pf/${uuid}`);
  await expect(page.getByRole('button', { name: /Empleo/ })).toHaveAttribute('aria-current', 'step');
  await page.getByLabel('Empresa', { exact: true }).fill('empresa de b');
  await page.getByLabel('Teléfono del empleo').fill('3399998888');
  // Meanwhile another session saves the employer's name.
  const opened = await (await request.get(`/api/wizardpf/${uuid}/1`, { headers: { authorization: own } })).json();
  const elsewhere = { ...opened.data, empleo: { ...opened.data.empleo, empresa_nombre: 'EMPRESA DE A' } };
  const put = await request.put(`/api/wizardpf/${uuid}`, { headers: { authorization: own }, data: { data: elsewhere, meta: { last_index: 2, version: opened.meta.version } } });
  expect(put.status()).toBe(200);

  await page.getByRole('button', { name: 'Siguiente' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('La solicitud se modificó desde otra sesión');
  await expect(dialog).toContainText('Lo que escribiste se queda en este navegador');
  await expect(dialog.getByRole('button', { name: 'Recargar la página' })).toBeFocused();
  await expectAccessible(page);
  // Enter reloads at once: no browser warning (Playwright would dismiss one, and the page would stay).
  await page.keyboard.press('Enter');
  const overtaken = page.locator('.kept-draft').filter({ hasText: 'Se guardaron otros valores en otra sesión' });
  await expect(overtaken).toContainText('Empresa (Empleo): «EMPRESA DE B»; guardado: «EMPRESA DE A»');
  await expect(page.getByLabel('Empresa', { exact: true })).toHaveValue('EMPRESA DE A');
  // The phone, typed over what is still saved, comes back as before.
  await expect(page.getByText('Recuperamos lo que no se había guardado')).toBeVisible();
  await expect(page.getByLabel('Teléfono del empleo')).toHaveValue('339-999-8888');
  await expectAccessible(page);
  // Not answered yet, the offer is kept: opened again, the page offers it again.
  await page.waitForTimeout(600);
  page.once('dialog', (warning) => void warning.accept());
  await page.reload();
  await expect(overtaken).toContainText('Empresa (Empleo): «EMPRESA DE B»; guardado: «EMPRESA DE A»');
  await overtaken.getByRole('button', { name: 'Usar lo que escribí' }).click();
  await expect(page.getByLabel('Empresa', { exact: true })).toHaveValue('EMPRESA DE B');
  await expect(overtaken).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 2, name: 'Empleo' })).toBeFocused();

  // Saved with the next step, over the newer version.
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('button', { name: /Activos y pasivos/ }).first()).toHaveAttribute('aria-current', 'step');
  const stored = await (await request.get(`/api/wizardpf/${uuid}/1`, { headers: { authorization: own } })).json();
  expect(stored.data.empleo.empresa_nombre).toBe('EMPRESA DE B');
  expect(stored.data.empleo.telefono.numero).toBe('3399998888');
});

test('a load that fails for another reason than a wrong code keeps the record and retries', async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf', { last_index: 2 });
  let fail = true;
  await page.route(`**/api/wizardpf/${uuid}/1`, (route) => (fail ? route.fulfill({ status: 503, json: { message: 'x' } }) : route.continue()));
  await page.goto(`/pf/${uuid}`);
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('No se pudo abrir la solicitud');
  await expect(page).toHaveURL(`/pf/${uuid}`);
  fail = false;
  await dialog.getByRole('button', { name: 'Reintentar' }).click();
  await expect(page.getByRole('button', { name: /Empleo/ })).toHaveAttribute('aria-current', 'step');
});

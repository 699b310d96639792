// What makes the wizard feel finished to an applicant (issue 16): the browser tab names the step,
// the first-use dialog opens with 'Aceptar' focused and gives the focus to the first field, Enter in
// a text field does not send the tab, and from the first save on the folio and its link are shown
// and can be copied, with where the link was mailed (issue 19). Screenshots in test-results/applicant/.
import { expect, test } from '@playwright/test';
import { createApplication, createGuarantor, createGuarantorOfType, pageBearer } from './support/api';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { acceptFirstUse, fillPersonGeneralData, next, openStep } from './support/wizard-steps';
import { defaultPfModel } from '../../forms/wizards/pf';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

test("the first-use dialog is answered with Enter and leaves the focus on the tab's first control, the ID's upload area; the tab names the step", async ({ page }) => {
  await page.goto('/pf');
  const dialog = page.getByRole('dialog', { name: 'Antes de comenzar' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Aceptar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toHaveCount(0);
  // The ID's reading fills the fields below it: its upload area comes first, then the first field.
  const chooseId = page.getByRole('button', { name: 'Elegir archivo' }).first();
  await expect(chooseId).toBeFocused();
  await expect(chooseId).toHaveAccessibleDescription('Credencial para votar (INE o IFE)');
  await expect(page).toHaveTitle('Datos generales · Solicitud de Persona Física · Arrendadora Occidente');

  // Enter in a text field keeps the person on the tab, with nothing flagged.
  await page.getByLabel('Nombre(s)').fill('MARÍA');
  await page.getByLabel('Nombre(s)').press('Enter');
  await page.waitForTimeout(300);
  await expect(page.getByRole('button', { name: /Datos generales/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('¡Este campo es requerido!')).toHaveCount(0);
  await expect(page.getByLabel('Nombre(s)')).toBeFocused();
  await expect(page.getByText('Folio de la solicitud')).toHaveCount(0);

  // The nationality follows the country of birth and is read-only: Tab passes it by.
  await page.getByLabel('País de nacimiento').focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Nacionalidad')).not.toBeFocused();
  await expect(page.getByLabel('Estado de nacimiento')).toBeFocused();
});

test('from the first save on, the folio and its link are shown and the link can be copied', async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf', { last_index: 1 });
  await page.goto(`/pf/${uuid}`);
  await expect(page.getByText(`Folio de la solicitud: ${uuid}`)).toBeVisible();
  await expect(page).toHaveTitle('Vivienda · Solicitud de Persona Física · Arrendadora Occidente');
  await page.getByRole('button', { name: 'Copiar enlace' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enlace copiado' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/applicant/folio-1280.png' });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/applicant/folio-360.png' });
});

test('the first save says where the link to continue was mailed; a changed address is said again', async ({ page }) => {
  await page.goto('/pf');
  await acceptFirstUse(page);
  await fillPersonGeneralData(page);
  await next(page, 'Vivienda');
  const sent = page.getByRole('status').filter({ hasText: 'Te enviamos el enlace para continuar' });
  await expect(sent).toHaveText('Te enviamos el enlace para continuar a c…@example.com.');
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/applicant/link-sent-360.png' });

  await openStep(page, /Datos generales/);
  await page.getByLabel('Correo electrónico').fill('otra.persona@correo.mx');
  await next(page, 'Vivienda');
  await expect(sent).toHaveText('Te enviamos el enlace para continuar a o…@correo.mx.');
});

test("a guarantor's 'Regresar a PM' and 'Finalizar y regresar a PM' both land on the PM's Avales tab; finishing says 'Aval completado'", async ({ page, request }) => {
  const bearer = await pageBearer(page);
  const pm = await createApplication(request, 'pm', { last_index: 1 }, {}, bearer);
  const guarantor = await createGuarantor(request, pm, 'AVAL DE PRUEBA', false, bearer);
  const avales = page.getByRole('button', { name: /Avales/ });

  await page.goto(`/avalpf/${guarantor}?pm=${pm}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Aval Persona Física' })).toBeVisible();
  await page.getByRole('link', { name: 'Regresar a PM' }).click();
  await expect(page).toHaveURL(new RegExp(`/pm/${pm}$`));
  await expect(avales).toHaveAttribute('aria-current', 'step');

  await page.goto(`/avalpf/${guarantor}?pm=${pm}`);
  await page.getByRole('button', { name: 'Finalizar y regresar a PM' }).click();
  await expect(page.getByText('Aval completado')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/pm/${pm}$`));
  await expect(avales).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('row', { name: /AVAL DE PRUEBA/ })).toContainText('Completo');
  // Each kind of guarantor is said in words, read with its button.
  await expect(page.getByRole('link', { name: 'Agregar aval PFAE' })).toHaveAccessibleDescription('Persona física con actividad empresarial');
  // Checked once the one-second notification has faded (axe measures a fading toast's contrast).
  await expect(page.locator('.bp6-toast')).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/applicant/avales-1280.png' });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.getByRole('link', { name: 'Agregar aval PF', exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/applicant/avales-360.png' });
});

test('unsaved typing survives a reload and a walk away, with a warning before leaving; a save forgets it', async ({ page, request }) => {
  test.setTimeout(90_000);
  // A new application: the browser tab keeps what was typed before the first save.
  await page.goto('/pf');
  await acceptFirstUse(page);
  await page.getByLabel('Nombre(s)').fill('MARÍA');
  await page.getByLabel('Apellido paterno').fill('LÓPEZ');
  const warned: string[] = [];
  page.on('dialog', (dialog) => {
    warned.push(dialog.type());
    void dialog.accept();
  });
  await page.waitForTimeout(500);
  await page.reload();
  expect(warned).toEqual(['beforeunload']);
  await acceptFirstUse(page);
  const kept = page.getByRole('status').filter({ hasText: 'Recuperamos lo que no se había guardado' });
  await expect(kept).toContainText('2 campos que escribiste en Datos generales no se habían guardado');
  await expect(page.getByLabel('Nombre(s)')).toHaveValue('MARÍA');
  await expect(page.getByLabel('Apellido paterno')).toHaveValue('LÓPEZ');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/applicant/draft-restored-1280.png' });
  await kept.getByRole('button', { name: 'Descartar lo recuperado' }).click();
  await expect(page.getByLabel('Nombre(s)')).toHaveValue('');
  await expect(kept).toHaveCount(0);

  // A stored guarantor: leaving for its PM asks first, and the draft waits for the return.
  const bearer = await pageBearer(page);
  const pm = await createApplication(request, 'pm', { last_index: 1 }, {}, bearer);
  const guarantor = await createGuarantor(request, pm, 'AVAL DE PRUEBA', false, bearer);
  await page.goto(`/avalpf/${guarantor}?pm=${pm}`);
  await openStep(page, /Datos generales/);
  await page.getByLabel('Apellido paterno').fill('RAMÍREZ');
  await page.getByRole('link', { name: 'Regresar a PM' }).click();
  const leave = page.getByRole('dialog', { name: 'Tienes cambios sin guardar' });
  await expect(leave.getByRole('button', { name: 'Quedarme' })).toBeFocused();
  await expect(leave).toContainText('se guarda al presionar «Siguiente»');
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.screenshot({ path: 'test-results/applicant/leave-warning-360.png' });
  await page.keyboard.press('Enter');
  await expect(leave).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/avalpf/${guarantor}`));
  await page.getByRole('link', { name: 'Regresar a PM' }).click();
  await leave.getByRole('button', { name: 'Salir' }).click();
  await expect(page).toHaveURL(new RegExp(`/pm/${pm}$`));
  await page.goto(`/avalpf/${guarantor}?pm=${pm}`);
  // It opens at its furthest tab and says where the kept field is.
  await expect(page.getByText('Un campo que escribiste en Datos generales no se había guardado')).toBeVisible();
  // Still 360 px wide: the stepper's list opens first.
  await openStep(page, /Datos generales/);
  await expect(page.getByLabel('Apellido paterno')).toHaveValue('RAMÍREZ');

  // On a guarantor's last tab the dialog names the button there.
  // (Of another PM: two guarantors of one PM may not share an RFC.)
  const otherPm = await createApplication(request, 'pm', { last_index: 1 }, {}, bearer);
  const atLastTab = await createGuarantorOfType(request, otherPm, 'pf', 'AVAL EN SU ÚLTIMA SECCIÓN', { authorization: bearer });
  await page.goto(`/avalpf/${atLastTab}?pm=${otherPm}`);
  await expect(page.getByRole('button', { name: 'Finalizar y regresar a PM' })).toBeVisible();
  await page.locator('#contenido input[type="text"]:not([readonly])').first().fill('9');
  await page.getByRole('link', { name: 'Regresar a PM' }).click();
  await expect(leave).toContainText('se guarda al presionar «Finalizar y regresar a PM»');
  await leave.getByRole('button', { name: 'Quedarme' }).click();
  await page.goto(`/avalpf/${guarantor}?pm=${pm}`);
  await openStep(page, /Datos generales/);

  // Saved with the step: nothing is kept any more, and a reload asks nothing.
  warned.length = 0;
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('button', { name: /Vivienda/ })).toHaveAttribute('aria-current', 'step');
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Aval Persona Física' })).toBeVisible();
  expect(warned).toEqual([]);
  await expect(page.getByText('Recuperamos lo que no se había guardado')).toHaveCount(0);
});

test('two browser tabs on one record keep a draft each; a new tab takes over the newest one left', async ({ page, context, request }) => {
  const uuid = await createApplication(request, 'pf', { last_index: 1 });
  const other = await context.newPage();
  for (const tab of [page, other]) {
    tab.on('dialog', (dialog) => void dialog.accept());
    await tab.goto(`/pf/${uuid}`);
    await openStep(tab, /Datos generales/);
  }
  await page.getByLabel('Apellido materno').fill('PRIMERA');
  await other.getByLabel('Correo electrónico').fill('segunda@example.com');
  await page.waitForTimeout(500);
  await other.waitForTimeout(500);
  // Each tab finds its own typing back, not the other's.
  for (const [tab, mine, theirs] of [
    [page, 'Apellido materno', 'Correo electrónico'],
    [other, 'Correo electrónico', 'Apellido materno'],
  ] as const) {
    await tab.reload();
    await expect(tab.getByText('Recuperamos lo que no se había guardado')).toBeVisible();
    await openStep(tab, /Datos generales/);
    await expect(tab.getByLabel(mine)).toHaveValue(mine === 'Apellido materno' ? 'PRIMERA' : 'segunda@example.com');
    await expect(tab.getByLabel(theirs)).not.toHaveValue(theirs === 'Apellido materno' ? 'PRIMERA' : 'segunda@example.com');
  }
  // Both closed; a person coming back in a new tab gets the newest draft left.
  await page.getByLabel('Apellido materno').fill('ULTIMA');
  await page.waitForTimeout(500);
  await other.close();
  const back = await context.newPage();
  back.on('dialog', (dialog) => void dialog.accept());
  await page.close();
  await back.goto(`/pf/${uuid}`);
  await openStep(back, /Datos generales/);
  await expect(back.getByLabel('Apellido materno')).toHaveValue('ULTIMA');
});

test("a refused step lists its fields at the top ('Revisa N campos') and focuses the first; each link leads to its field", async ({ page }) => {
  await page.goto('/pf');
  await acceptFirstUse(page);
  await page.getByLabel('Nombre(s)').fill('MARÍA');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const summary = page.getByRole('region', { name: /^Revisa \d+ campos$/ });
  await expect(summary).toBeVisible();
  // Announced once, by its count.
  await expect(page.getByRole('alert').filter({ hasText: /^Revisa \d+ campos$/ })).toHaveCount(1);
  const links = summary.getByRole('link');
  // In the order the page shows them, by the labels the person reads.
  await expect(links.first()).toHaveText('Identificación oficial');
  await expect(summary).not.toContainText('Nombre(s)');
  // The municipality waits on the state: the state is the one to fill, the municipality says nothing yet.
  await expect(summary.getByRole('link', { name: 'Estado de nacimiento' })).toBeVisible();
  await expect(summary).not.toContainText('Municipio de nacimiento');
  await expect(page.getByLabel('Municipio de nacimiento')).toBeDisabled();
  await expect(page.getByLabel('Municipio de nacimiento')).not.toHaveAttribute('aria-invalid', 'true');
  const count = await links.count();
  await expect(summary).toContainText(`Revisa ${count} campos`);
  await expect(page.getByLabel('Identificación oficial')).toBeFocused();
  await summary.getByRole('link', { name: 'Apellido paterno' }).click();
  await expect(page.getByLabel('Apellido paterno')).toBeFocused();
  await page.getByLabel('Apellido paterno').fill('LÓPEZ');
  await expect(links).toHaveCount(count - 1);
  await expect(summary).toContainText(`Revisa ${count - 1} campos`);
  // The correction is not announced; the refusal's count leaves the alert a few seconds after it was
  // announced, so no stale count is read later.
  const announcement = page.locator('#error-summary-announcement');
  await expect(announcement).toHaveText(new RegExp(`^(Revisa ${count} campos)?$`));
  await expect(announcement).toHaveText('', { timeout: 10_000 });
  await expect(summary).toContainText(`Revisa ${count - 1} campos`);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/applicant/error-summary-1280.png' });
  await page.setViewportSize({ width: 360, height: 740 });
  await summary.scrollIntoViewIfNeeded();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/applicant/error-summary-360.png' });
});

test('at 360 px the first field, focused under a summary of 11 fields that fills the screen, is in view', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/pf');
  await acceptFirstUse(page);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('region', { name: 'Revisa 11 campos' })).toBeVisible();
  const first = page.getByLabel('Identificación oficial');
  await expect(first).toBeFocused();
  // Focused after the summary is drawn above it: not scrolled into view and then pushed out of it.
  await expect(first).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: 'test-results/applicant/error-summary-focus-360.png' });
});

test('the summary names a repeated field by its group, as the page titles it', async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf', { last_index: 4 });
  await page.goto(`/pf/${uuid}`);
  await page.getByRole('button', { name: /Referencias personales/ }).click();
  await expect(page.getByRole('button', { name: /Referencias personales/ })).toHaveAttribute('aria-current', 'step');
  await page.locator('input[name="referencia_personal_1.nombre_completo"]').fill('');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const summary = page.getByRole('region', { name: 'Revisa 1 campo' });
  await expect(summary.getByRole('link')).toHaveText(['Primera referencia personal › Nombre completo']);
  await expect(page.locator('input[name="referencia_personal_1.nombre_completo"]')).toBeFocused();
  await expectAccessible(page);
});

test("before 'Finalizar' the applicant reviews everything entered, tab by tab, and 'Editar' goes back to a tab", async ({ page, request }) => {
  const uuid = await createApplication(request, 'pm', { last_index: 5 });
  await createGuarantorOfType(request, uuid, 'pf', 'LUCÍA', { complete: true });
  await page.goto(`/pm/${uuid}`);
  await expect(page.getByRole('button', { name: /Leyenda de veracidad/ })).toHaveAttribute('aria-current', 'step');
  const review = page.getByRole('region', { name: 'Revisa tu solicitud' });
  await expect(review).toBeVisible();
  const general = review.getByRole('region', { name: 'Datos generales' });
  // Labels and values as the forms show them: the business name, dates, catalogue names, percentages, by group.
  await expect(general).toContainText('Razón socialINDUSTRIAS DEL OCCIDENTE SA DE CV');
  await expect(general).toContainText('Fecha de constitución12/05/2010');
  await expect(general).toContainText('Actividad económicaIndustria alimentaria');
  await expect(review.getByText('Representante legal 1')).toBeVisible();
  await expect(review.getByRole('region', { name: 'Accionistas mayoritarios' })).toContainText('Porcentaje de participación40 %');
  // The guarantors too, as the Avales tab lists them, after the tabs before it.
  await expect(review.getByRole('region', { name: 'Avales' })).toContainText('LUCÍA GARCÍA RAMÍREZFísica · Completo');
  await expect(review.getByRole('heading', { level: 4 })).toHaveText(['Datos generales', 'Contactos', 'Accionistas mayoritarios', 'Referencias (Proveedores)', 'Avales']);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/applicant/review-1280.png', fullPage: true });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/applicant/review-360.png' });
  await review.getByRole('button', { name: 'Editar Avales' }).click();
  await expect(page.getByRole('button', { name: /Avales/ })).toHaveAttribute('aria-current', 'step');
});

for (const width of [1280, 360]) {
  test(`at ${width} px, 'Siguiente' at the foot of a long tab shows the next from the stepper, its title focused`, async ({ page, request }) => {
    await page.setViewportSize({ width, height: width === 360 ? 740 : 800 });
    const uuid = await createApplication(request, 'pf', { last_index: 5 });
    await page.goto(`/pf/${uuid}`);
    await openStep(page, /Datos generales/);
    await next(page, 'Vivienda');
    const title = page.getByRole('heading', { level: 2, name: 'Vivienda' });
    await expect(title).toBeFocused();
    await expect(title).toBeInViewport();
    // The stepper whole in sight above the title, not scrolled past (a person sees where they are).
    const stepper = page.getByRole('navigation', { name: 'Secciones de la solicitud' });
    await expect.poll(async () => (await stepper.boundingBox())!.y).toBeGreaterThanOrEqual(0);
    await expect(stepper).toBeInViewport({ ratio: 1 });
    await page.screenshot({ path: `test-results/applicant/next-tab-${width}.png` });
  });
}

test("the review lists a step where nothing was entered too, saying so, with its 'Editar'", async ({ page, request }) => {
  // Activos y pasivos: every field optional, none filled.
  const uuid = await createApplication(request, 'pf', { last_index: 5 }, { activos_pasivos: defaultPfModel().activos_pasivos });
  await page.goto(`/pf/${uuid}`);
  const review = page.getByRole('region', { name: 'Revisa tu solicitud' });
  await expect(review.getByRole('heading', { level: 4 })).toHaveText(['Datos generales', 'Vivienda', 'Empleo', 'Activos y pasivos', 'Referencias personales']);
  await expect(review.getByRole('region', { name: 'Activos y pasivos' })).toHaveText(/Activos y pasivos\s*Editar\s*No capturaste datos en este paso\./);
  await expectAccessible(page);
  await review.getByRole('button', { name: 'Editar Activos y pasivos' }).click();
  await expect(page.getByRole('button', { name: /Activos y pasivos/ })).toHaveAttribute('aria-current', 'step');
});

test("a postal code whose neighbourhoods could not be looked up says so, and a refused step names 'Colonia'", async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf', { last_index: 2 });
  await page.route('**/api/catalogs/zc/**', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"no"}' }));
  await page.goto(`/pf/${uuid}`);
  await openStep(page, /Vivienda/);
  const code = page.getByLabel('Código postal');
  await code.fill('44160');
  await expect(page.getByRole('alert').filter({ hasText: 'No se pudieron consultar las colonias de este código postal.' })).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  // The postal code is whole and right: the neighbourhood is the field to fill, and says so.
  const summary = page.getByRole('region', { name: /^Revisa \d+ campos?$/ });
  await expect(summary.getByRole('link', { name: 'Colonia' })).toBeVisible();
  await expect(page.getByLabel('Colonia', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page);
});

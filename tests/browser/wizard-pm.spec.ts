// The legal-entity wizard and its guarantors against the real server: a public applicant fills a
// PM, adds a guarantor of each type, cannot finish while one is incomplete, completes it and
// finishes; deleting a guarantor; a guarantor saved before its PM exists; the staff 100% rule.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { createApplication, createGuarantor, pageBearer } from './support/api';
import {
  acceptFirstUse,
  fillAssets,
  fillBusinessActivity,
  fillCompanyGeneralData,
  fillContacts,
  fillEmployment,
  fillHousing,
  fillPersonalReferences,
  fillPersonGeneralData,
  fillShareholders,
  fillSuppliers,
  next,
  NOTIFICATION,
  openStep,
} from './support/wizard-steps';

const LUIS = { nombre: 'luis', curp: 'GARL850314HJCRRS01', rfc: 'GARL850314XY2' };
const PEDRO = { nombre: 'pedro', curp: 'GARP850314HJCRRD02', rfc: 'GARP850314ZW3' };
const UUID = /[0-9a-f-]{36}/;

const guarantorRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function finishGuarantor(page: Page, pmUrl: string) {
  await page.getByRole('button', { name: 'Finalizar y regresar a PM' }).click();
  await expect(page).toHaveURL(pmUrl);
  await expect(page.getByRole('button', { name: /Avales/ })).toHaveAttribute('aria-current', 'step');
}

test('a public applicant fills a PM, adds a guarantor of each type, and finishes once all are complete', async ({ page }) => {
  test.setTimeout(180_000);
  await page.goto('/pm');
  await acceptFirstUse(page);
  await expect(page.getByRole('button', { name: /Datos generales/ })).toHaveAttribute('aria-current', 'step');
  await expectAccessible(page);

  await fillCompanyGeneralData(page, 'tornillos del bajío sa de cv');
  await next(page, 'Contactos');
  await expect(page).toHaveURL(/\/pm\/[0-9a-f-]{36}$/);
  const pmUrl = page.url();
  await fillContacts(page);
  await next(page, 'Accionistas mayoritarios');
  // Public applicants are not held to the 100% total.
  await expect(page.getByText('Es importante capturar el 100% de los accionistas.')).toHaveCount(0);
  await fillShareholders(page, { gender: true });
  await next(page, 'Referencias');
  await fillSuppliers(page);
  await next(page, 'Avales');
  await expect(page.getByRole('cell', { name: 'No existen avales relacionados' })).toBeVisible();
  await expect(page.locator(NOTIFICATION)).toHaveCount(0);
  await expectAccessible(page);

  // A natural-person guarantor, completed through its five tabs.
  await page.getByRole('link', { name: 'Agregar aval PF', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aval Persona Física' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Regresar a PM' })).toHaveAttribute('href', new URL(pmUrl).pathname);
  await fillPersonGeneralData(page, LUIS);
  await next(page, 'Vivienda');
  await expect(page).toHaveURL(/\/avalpf\/[0-9a-f-]{36}\?pm=/);
  await fillHousing(page);
  await next(page, 'Empleo');
  await fillEmployment(page);
  await next(page, 'Activos y pasivos');
  await fillAssets(page);
  await next(page, 'Referencias personales');
  await fillPersonalReferences(page);
  await finishGuarantor(page, pmUrl);
  await expect(guarantorRow(page, 'LUIS GARCÍA RAMÍREZ')).toContainText('Completo');

  // A legal-entity guarantor: the first four PM tabs, shareholders without gender.
  await page.getByRole('link', { name: 'Agregar aval PM' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aval Persona Moral' })).toBeVisible();
  await expect(page.getByRole('button', { name: /Avales/ })).toHaveCount(0);
  await fillCompanyGeneralData(page, 'garante industrial', 'GIN150115CD2');
  await next(page, 'Contactos');
  await fillContacts(page);
  await next(page, 'Accionistas mayoritarios');
  await expect(page.getByLabel('Género')).toHaveCount(0);
  await fillShareholders(page, { gender: false });
  await next(page, 'Referencias');
  await fillSuppliers(page);
  await finishGuarantor(page, pmUrl);
  await expect(guarantorRow(page, 'GARANTE INDUSTRIAL')).toContainText('Completo');

  // A business-activity guarantor left after its first tab: saved, but incomplete.
  await page.getByRole('link', { name: 'Agregar aval PFAE' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aval Persona Física con actividad empresarial' })).toBeVisible();
  await fillPersonGeneralData(page, PEDRO);
  await next(page, 'Vivienda');
  await page.getByRole('link', { name: 'Regresar a PM' }).click();
  await expect(page).toHaveURL(pmUrl);
  await expect(guarantorRow(page, 'PEDRO GARCÍA RAMÍREZ')).toContainText('Incompleto');

  await next(page, 'Leyenda de veracidad');
  await page.getByText('Acepto la declaración de veracidad').click();
  await page.getByRole('button', { name: 'Finalizar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('¡Avales incompletos!');
  await expect(dialog.getByRole('listitem')).toHaveText(['PEDRO GARCÍA RAMÍREZ']);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Aceptar' }).click();

  // Completing it from the Avales tab resumes it at the furthest tab it reached.
  await page.getByRole('button', { name: 'Avales', exact: true }).click(); // the stepper's (the review has 'Editar Avales')
  await page.getByRole('link', { name: 'Editar PEDRO GARCÍA RAMÍREZ' }).click();
  await expect(page.getByRole('button', { name: /Vivienda/ })).toHaveAttribute('aria-current', 'step');
  await fillHousing(page);
  await next(page, 'Empleo');
  await fillEmployment(page);
  await fillBusinessActivity(page);
  await next(page, 'Activos y pasivos');
  await fillAssets(page);
  await next(page, 'Referencias personales');
  await fillPersonalReferences(page);
  await finishGuarantor(page, pmUrl);
  await expect(guarantorRow(page, 'PEDRO GARCÍA RAMÍREZ')).toContainText('Completo');

  await next(page, 'Leyenda de veracidad');
  await page.getByText('Acepto la declaración de veracidad').click();
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.getByRole('dialog')).toContainText(/éxitosamente/);
  await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('deleting a guarantor asks first, and says it was deleted', async ({ page, request }) => {
  // Saved by this browser's session: its own guarantors stay editable and removable.
  const own = await pageBearer(page);
  const uuid = await createApplication(request, 'pm', { last_index: 4 }, {}, own);
  await createGuarantor(request, uuid, 'SOFÍA', true, own);
  await page.goto(`/pm/${uuid}`);
  await expect(page.getByRole('button', { name: /Avales/ })).toHaveAttribute('aria-current', 'step');
  await expect(guarantorRow(page, 'SOFÍA GARCÍA RAMÍREZ')).toContainText('Completo');

  await page.getByRole('button', { name: 'Eliminar SOFÍA GARCÍA RAMÍREZ' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('¿Está seguro que desea eliminar el aval?');
  await expect(dialog).toContainText('SOFÍA GARCÍA RAMÍREZ');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(guarantorRow(page, 'SOFÍA GARCÍA RAMÍREZ')).toBeVisible();
  // The focus returns to the button that opened the question.
  await expect(page.getByRole('button', { name: 'Eliminar SOFÍA GARCÍA RAMÍREZ' })).toBeFocused();

  await page.getByRole('button', { name: 'Eliminar SOFÍA GARCÍA RAMÍREZ' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sí, eliminar' }).click();
  await expect(page.locator(NOTIFICATION).filter({ hasText: 'Aval eliminado correctamte' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'No existen avales relacionados' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Avales de la solicitud' })).toBeFocused();
  await page.reload();
  await expect(page.getByRole('cell', { name: 'No existen avales relacionados' })).toBeVisible();
});

test('a new guarantor is refused as it opens when its PM takes none: finished, or a code that names no PM', async ({ page, request }) => {
  const finished = await createApplication(request, 'pm', { last_index: 5, complete: true });
  await page.goto(`/avalpf?pm=${finished}`);
  const dialog = page.getByRole('dialog', { name: 'No es posible registrar el aval' });
  await expect(dialog).toContainText('La solicitud de Persona Moral ya fue finalizada y no puede modificarse.');
  // Nothing to close back to: only the way out, focused, and Escape leaves the dialog where it is.
  const menu = dialog.getByRole('link', { name: 'Regresar al menú' });
  await expect(menu).toBeFocused();
  await expect(dialog.getByRole('link', { name: 'Regresar a PM' })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/wizard-pm/guarantor-of-finished-pm-1280.png' });
  await page.keyboard.press('Escape');
  // Past the 300 ms a closing dialog takes to go: still there, its answer still focused.
  await page.waitForTimeout(500);
  await expect(dialog).toBeVisible();
  await expect(menu).toBeFocused();
  // No form behind it to type into, nor a draft to recover.
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud online' })).toBeVisible();

  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/avalpfae?pm=12345');
  await expect(page.getByRole('dialog', { name: 'No es posible registrar el aval' })).toContainText('El código de la solicitud principal no es válido.');
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/wizard-pm/guarantor-of-unknown-pm-360.png' });
});

test('a guarantor saved before its PM exists is kept, and joins the PM when the PM is first saved', async ({ page, request }) => {
  await page.goto('/aval/pf');
  await expect(page.getByRole('heading', { level: 1, name: 'Aval Persona Física' })).toBeVisible();
  // A guarantor opens without the first-use notice.
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await fillPersonGeneralData(page, LUIS);
  await next(page, 'Vivienda');
  await expect(page).toHaveURL(/\/aval\/pf\/[0-9a-f-]{36}$/);
  const guarantorUuid = UUID.exec(page.url())![0];

  // It survives a reload, and 'Regresar a PM' leads to a new PM.
  await page.reload();
  await page.getByRole('button', { name: /Datos generales/ }).click();
  await expect(page.getByLabel('CURP')).toHaveValue(LUIS.curp);
  await page.getByRole('link', { name: 'Regresar a PM' }).click();
  await expect(page).toHaveURL(/\/pm$/);
  await acceptFirstUse(page);
  // The new PM says who waits to join it, until its first save links them.
  const waiting = page.getByRole('region', { name: '1 aval esperando esta solicitud' });
  await expect(waiting).toContainText('LUIS');
  await fillCompanyGeneralData(page, 'empresa nueva');
  await next(page, 'Contactos');
  const pmUuid = UUID.exec(page.url())![0];
  await expect(waiting).toHaveCount(0);

  // Read as this browser's session, which saved the guarantor and so is shown its uuid.
  const response = await request.get(`/api/wizardpm/${pmUuid}/1`, { headers: { authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('access_token'))}` } });
  const { data } = await response.json();
  expect(data.avales).toEqual([expect.objectContaining({ uuid: guarantorUuid, data: expect.objectContaining({ nombre: 'LUIS' }) })]);
  // Linked once: the browser no longer holds it for the next PM.
  expect(await page.evaluate(() => localStorage.getItem('solicitud.avalesPendientes'))).toBeNull();
});

test("a new PM offers only this week's waiting guarantors, and any can be declined with 'No vincular'", async ({ page }) => {
  const day = 24 * 60 * 60 * 1000;
  const kept = (uuid: string, nombre: string, daysAgo: number) => ({
    uuid,
    data: { tipo_persona: 'Física', nombre, fisica: { apellido_paterno: 'PÉREZ', apellido_materno: '' } },
    kept_at: Date.now() - daysAgo * day,
  });
  await page.goto('/');
  await page.evaluate(
    (items) => localStorage.setItem('solicitud.avalesPendientes', JSON.stringify(items)),
    [kept('11111111-1111-4111-8111-111111111111', 'ANTIGUO', 8), kept('22222222-2222-4222-8222-222222222222', 'AJENO', 1), kept('33333333-3333-4333-8333-333333333333', 'PROPIO', 0)],
  );
  await page.goto('/pm');
  await acceptFirstUse(page);
  const waiting = page.getByRole('region', { name: '2 avales esperando esta solicitud' });
  // A week old, it is not offered, and no longer kept.
  await expect(waiting.getByRole('listitem')).toHaveText([/AJENO PÉREZ/, /PROPIO PÉREZ/]);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/wizard-pm/pending-guarantors-1280.png' });
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/wizard-pm/pending-guarantors-360.png' });
  await page.setViewportSize({ width: 1280, height: 900 });

  // With the keyboard: the focus moves on to the guarantor left.
  await page.getByRole('button', { name: 'No vincular a AJENO PÉREZ' }).focus();
  await page.keyboard.press('Enter');
  const left = page.getByRole('region', { name: '1 aval esperando esta solicitud' });
  await expect(left.getByRole('listitem')).toHaveText([/PROPIO PÉREZ/]);
  await expect(page.getByRole('button', { name: 'No vincular a PROPIO PÉREZ' })).toBeFocused();
  const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('solicitud.avalesPendientes') ?? '[]').map((item: { data: { nombre: string } }) => item.data.nombre));
  expect(await stored()).toEqual(['PROPIO']);

  // The first save sends only the one kept.
  const save = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/wizardpm'));
  await fillCompanyGeneralData(page, 'empresa nueva');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  expect((await save).postDataJSON().meta.guarantors).toEqual(['33333333-3333-4333-8333-333333333333']);
});

test('staff are held to shareholders adding up to 100%', async ({ page, request }) => {
  const uuid = await createApplication(request, 'pm', { last_index: 2 });
  await page.goto(`/staff/login?next=${encodeURIComponent(`/pm/${uuid}`)}`);
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('button', { name: /Accionistas mayoritarios/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('Es importante capturar el 100% de los accionistas.')).toBeVisible();

  await page.locator('input[name="accionistas[2].porcentaje_participacion"]').fill('10');
  await expect(page.getByText('¡El total debe ser 100%!')).toHaveCount(3);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('button', { name: /Accionistas mayoritarios/ })).toHaveAttribute('aria-current', 'step');
  await page.locator('input[name="accionistas[2].porcentaje_participacion"]').fill('24.5');
  await expect(page.getByText('¡El total debe ser 100%!')).toHaveCount(0);
  await expectAccessible(page);
});

test('the Avales tab and a guarantor wizard stay usable at 360 px wide', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const own = await pageBearer(page);
  const uuid = await createApplication(request, 'pm', { last_index: 4 }, {}, own);
  await createGuarantor(request, uuid, 'SOFÍA', false, own);
  await page.goto(`/pm/${uuid}`);
  await expect(guarantorRow(page, 'SOFÍA GARCÍA RAMÍREZ')).toContainText('Incompleto');
  await expectNoHorizontalScroll(page);
  // The stepper is one bar: its list opens on request.
  for (const tab of ['Contactos', 'Accionistas mayoritarios', 'Datos generales']) {
    await openStep(page, new RegExp(tab));
    await expect(page.getByRole('button', { name: new RegExp(tab) })).toHaveAttribute('aria-current', 'step');
    await expectNoHorizontalScroll(page);
  }
  await openStep(page, /Avales/);
  await page.getByRole('link', { name: 'Editar SOFÍA GARCÍA RAMÍREZ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aval Persona Física' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Finalizar y regresar a PM' })).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
});

test("the browser's Back and Forward between a PM and its guarantor open each one's own page, and a new page starts at its top", async ({ page, request }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 640 });
  const own = await pageBearer(page);
  const uuid = await createApplication(request, 'pm', { last_index: 4 }, {}, own);
  await createGuarantor(request, uuid, 'SOFÍA', true, own);
  const pmUrl = `/pm/${uuid}`;
  await page.goto(pmUrl);
  await expect(guarantorRow(page, 'SOFÍA GARCÍA RAMÍREZ')).toContainText('Completo');

  // Opened from the foot of the Avales tab: the guarantor's page starts at its top, its title in sight.
  const add = page.getByRole('link', { name: 'Agregar aval PF', exact: true });
  await add.scrollIntoViewIfNeeded();
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await add.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aval Persona Física' })).toBeVisible();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  // Its first save rewrites the address to follow the new record; then back to the PM.
  await fillPersonGeneralData(page, LUIS);
  await next(page, 'Vivienda');
  await expect(page).toHaveURL(/\/avalpf\/[0-9a-f-]{36}\?pm=/);
  const guarantorUrl = page.url();
  await page.getByRole('link', { name: 'Regresar a PM' }).click();
  await expect(page).toHaveURL(new RegExp(`${pmUrl}$`));
  await expect(guarantorRow(page, 'LUIS GARCÍA RAMÍREZ')).toContainText('Incompleto');

  // Back: the guarantor's own page at its furthest tab, not the PM's wizard under its address.
  await page.goBack();
  await expect(page).toHaveURL(guarantorUrl);
  await expect(page.getByRole('heading', { level: 1, name: 'Aval Persona Física' })).toBeVisible();
  await expect(page.getByText(/Paso 2 de 5/)).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Vivienda' })).toBeVisible();
  // Forward: the PM again, with both guarantors.
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud de Persona Moral' })).toBeVisible();
  await expect(guarantorRow(page, 'LUIS GARCÍA RAMÍREZ')).toContainText('Incompleto');

  // A new guarantor left with Back: asked first when something was typed; then the PM's page with its
  // data, not an empty new wizard.
  await page.getByRole('link', { name: 'Agregar aval PM' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aval Persona Moral' })).toBeVisible();
  await page.getByLabel('Razón social').fill('garante a medias');
  await page.getByLabel('Razón social').press('Tab');
  await page.goBack();
  const leave = page.getByRole('dialog', { name: 'Tienes cambios sin guardar' });
  await expect(leave.getByRole('button', { name: 'Quedarme' })).toBeFocused();
  await leave.getByRole('button', { name: 'Quedarme' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Aval Persona Moral' })).toBeVisible();
  await expect(page.getByLabel('Razón social')).toHaveValue('GARANTE A MEDIAS');
  await page.goBack();
  await leave.getByRole('button', { name: 'Salir' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud de Persona Moral' })).toBeVisible();
  await expect(page.getByText(uuid).first()).toBeVisible();
  await expect(guarantorRow(page, 'SOFÍA GARCÍA RAMÍREZ')).toContainText('Completo');
  await expectAccessible(page);
});

// A save during an outage, in the browser: the server answers 503 (its database out of reach,
// tests/api/faults-database-outage.test.ts proves it does) or nothing answers at all. The wizard
// says so in Spanish, keeps what the person typed, and offers 'Reintentar', which saves once the
// server answers again. The outage is the save call intercepted; the keys that meet it are the
// keyboard's alone, on a desktop and at 360 px.
import { expect, test, type Locator, type Page, type Route } from '@playwright/test';
import { createApplication, createGuarantor, pageBearer, staffBearer } from './support/api';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { fillPersonGeneralData, NOTIFICATION, openStep } from './support/wizard-steps';

const UNAVAILABLE = 'El servicio no está disponible por el momento, intenta de nuevo en unos segundos.';
const KEPT = 'Tus datos siguen en esta pantalla; no se perdió nada de lo que escribiste.';

/** Tab (forward) until `target` has the focus. */
async function tabTo(page: Page, target: Locator) {
  for (let i = 0; i < 60 && !(await target.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}

/** Tab (forward) until `name`'s button has the focus, then Enter. */
async function pressButton(page: Page, name: string) {
  await tabTo(page, page.getByRole('button', { name, exact: true }));
  await page.keyboard.press('Enter');
}

/** The first `method` call to `url` answered with the service's Spanish 503; the later ones reach the server. Answers how many were sent. */
async function unavailableOnce(page: Page, url: RegExp, method: 'PUT' | 'POST') {
  let sent = 0;
  await page.route(url, (route) => {
    if (route.request().method() !== method) return route.fallback();
    sent++;
    return sent === 1 ? route.fulfill({ status: 503, json: { statusCode: 503, code: 'database_unavailable', message: UNAVAILABLE } }) : route.fallback();
  });
  return () => sent;
}

/** What the person typed in 'Datos generales' is still in its fields. */
async function expectTypedDataKept(page: Page) {
  await expect(page.getByLabel('Nombre(s)')).toHaveValue('CARLOS');
  await expect(page.getByLabel('CURP')).toHaveValue('GARC850314HJCRRL09');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue('carlos@example.com');
  await expect(page.getByLabel('Nombre completo del cónyuge')).toHaveValue('ANA LÓPEZ');
  await expect(page.getByRole('button', { name: /Datos generales/ }).first()).toHaveAttribute('aria-current', 'step');
}

/** A new PF opened, 'Datos generales' filled and 'Siguiente' pressed, with the keyboard: answers the dialog a failed save opens. */
async function firstSaveOfNewPf(page: Page) {
  await page.goto('/pf');
  // 'Antes de comenzar' opens with its answer focused.
  await expect(page.getByRole('button', { name: 'Aceptar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await fillPersonGeneralData(page);
  await pressButton(page, 'Siguiente');
  return page.getByRole('dialog', { name: 'No se guardaron los cambios' });
}

for (const [screen, viewport] of [
  ['a desktop', { width: 1280, height: 800 }],
  ['360 px', { width: 360, height: 740 }],
] as const) {
  test(`on ${screen}, a save the server cannot take is said in Spanish, keeps the data and saves on 'Reintentar'`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    // The outage: the first save answered with nothing (the connection refused), the second with a 503; then the server is back.
    const outage: Array<(route: Route) => Promise<void>> = [
      (route) => route.abort('connectionrefused'),
      (route) => route.fulfill({ status: 503, json: { statusCode: 503, code: 'database_unavailable', message: UNAVAILABLE } }),
    ];
    let sent = 0;
    await page.route(/\/api\/wizardpf$/, (route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      sent++;
      const answer = outage.shift();
      return answer ? answer(route) : route.fallback();
    });

    // Nothing answers: the dialog says so, with 'Reintentar' focused.
    const dialog = await firstSaveOfNewPf(page);
    await expect(dialog).toContainText('No fue posible comunicarse con el servidor. Revisa tu conexión e intenta de nuevo.');
    await expect(dialog).toContainText(KEPT);
    await expect(dialog.getByRole('button', { name: 'Reintentar' })).toBeFocused();
    await expectTypedDataKept(page);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    // Closed with Escape: back on the form, on the button that saved (busy while it tried, yet kept
    // focused), nothing lost, no error under any field.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: 'Siguiente' })).toBeFocused();
    await expectTypedDataKept(page);
    await expect(page.getByText('¡Este campo es requerido!')).toHaveCount(0);

    // 'Siguiente' again: the server answers its Spanish 503; the data are still there.
    await pressButton(page, 'Siguiente');
    await expect(dialog).toContainText(UNAVAILABLE);
    await expect(dialog).toContainText(KEPT);
    await expect(dialog.getByRole('button', { name: 'Reintentar' })).toBeFocused();
    await expectTypedDataKept(page);
    expect(sent).toBe(2);

    // 'Reintentar' (Enter) once the server is back: the same save goes through and the next tab opens.
    await page.keyboard.press('Enter');
    await expect(page.locator(NOTIFICATION).filter({ hasText: 'Datos almacenados correctamente' }).last()).toBeVisible();
    await expect(page.getByRole('button', { name: /Vivienda/ }).first()).toHaveAttribute('aria-current', 'step');
    await expect(page).toHaveURL(/\/pf\/[0-9a-f-]{36}$/);
    expect(sent).toBe(3);
    await expectAccessible(page);

    // Stored as typed: opened again from its address, 'Datos generales' shows it.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Vivienda', level: 2 })).toBeVisible();
    await openStep(page, /Datos generales/);
    await expectTypedDataKept(page);
  });
}

test("a first save stored whose answer was lost: 'Reintentar' reaches that record and stores no second one, at 360 px", async ({ page, request, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 360, height: 740 });
  // The server stores the create, then the answer is lost on the way: the browser sees a 503.
  let stored: string | undefined;
  let sent = 0;
  await page.route(/\/api\/wizardpf$/, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    sent++;
    if (sent > 1) return route.fallback();
    stored = (await (await route.fetch()).json())[0];
    return route.fulfill({ status: 503, json: { statusCode: 503, code: 'database_unavailable', message: UNAVAILABLE } });
  });
  const dialog = await firstSaveOfNewPf(page);
  await expect(dialog).toContainText(UNAVAILABLE);
  await expect(dialog.getByRole('button', { name: 'Reintentar' })).toBeFocused();
  expect(stored).toMatch(/^[0-9a-f-]{36}$/);

  // 'Reintentar': the same create again, which the server knows by its key: the record stored first, not a second one.
  await page.keyboard.press('Enter');
  await expect(page.locator(NOTIFICATION).filter({ hasText: 'Datos almacenados correctamente' }).last()).toBeVisible();
  await expect(page.getByRole('button', { name: /Vivienda/ }).first()).toHaveAttribute('aria-current', 'step');
  await expect(page).toHaveURL(new RegExp(`/pf/${stored}$`));
  expect(sent).toBe(2);
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/save-outage/create-answer-lost-360.png' });
  // Staff see one record and its one creation.
  const history = await request.get(`/api/historial/${stored}`, { headers: { authorization: await staffBearer(request, baseURL!) } });
  expect((await history.json()).entries.map((entry: { action: string }) => entry.action)).toEqual(['create']);
});

test("'Finalizar' that meets the service unavailable says so with the finish's message, keeps the data and finishes on 'Reintentar'", async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf', { last_index: 5 });
  const sent = await unavailableOnce(page, new RegExp(`/api/wizardpf/${uuid}$`), 'PUT');
  await page.goto(`/pf/${uuid}`);
  await expect(page.getByRole('button', { name: /Leyenda de veracidad/ })).toHaveAttribute('aria-current', 'step');
  const acepto = page.getByRole('checkbox', { name: 'Acepto la declaración de veracidad' });
  await tabTo(page, acepto);
  await page.keyboard.press('Space');
  await pressButton(page, 'Finalizar');

  // The spec's message for a failed finish, what happened, and 'Reintentar' focused; the statement still ticked.
  const dialog = page.getByRole('dialog', { name: 'No se pudo actualizar' });
  await expect(dialog).toContainText('Ocurrió un error al actualizar tu registro');
  await expect(dialog).toContainText(UNAVAILABLE);
  await expect(dialog).toContainText(KEPT);
  await expect(dialog.getByRole('button', { name: 'Reintentar' })).toBeFocused();
  // Its message is the dialog's description: a screen reader says it with the title.
  await expect(dialog).toHaveAccessibleDescription(/Ocurrió un error al actualizar tu registro.*El servicio no está disponible/);
  await expect(acepto).toBeChecked();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/save-outage/finish-unavailable-1280.png' });

  // Back: the same finish goes through.
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Solicitud completa' })).toBeVisible();
  expect(sent()).toBe(2);
});

test("a guarantor's completion that meets the service unavailable says so and completes on 'Reintentar', at 360 px", async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const bearer = await pageBearer(page);
  const pm = await createApplication(request, 'pm', { last_index: 1 }, {}, bearer);
  const guarantor = await createGuarantor(request, pm, 'AVAL DE PRUEBA', false, bearer);
  const sent = await unavailableOnce(page, new RegExp(`/api/wizardpf/${guarantor}$`), 'PUT');
  await page.goto(`/avalpf/${guarantor}?pm=${pm}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Aval Persona Física' })).toBeVisible();
  await pressButton(page, 'Finalizar y regresar a PM');

  const dialog = page.getByRole('dialog', { name: 'No se pudo finalizar el aval' });
  await expect(dialog).toContainText(UNAVAILABLE);
  await expect(dialog.getByRole('button', { name: 'Reintentar' })).toBeFocused();
  await expect(dialog.getByRole('link', { name: 'Regresar a PM' })).toBeVisible();
  await expectAccessible(page);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/save-outage/guarantor-unavailable-360.png' });

  await page.keyboard.press('Enter');
  await expect(page.getByText('Aval completado')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/pm/${pm}$`));
  await expect(page.getByRole('row', { name: /AVAL DE PRUEBA/ })).toContainText('Completo');
  expect(sent()).toBe(2);
});

test('at 360 px a save refused at the foot of a long tab is said on the screen, closed in Spanish, and gone once a retry saves', async ({ page, request }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  const uuid = await createApplication(request, 'pf', { last_index: 1 });
  await page.goto(`/pf/${uuid}`);
  await expect(page.getByRole('heading', { name: 'Vivienda', level: 2 })).toBeVisible();
  let refused = 0;
  await page.route(new RegExp(`/api/wizardpf/${uuid}$`), (route) => {
    if (route.request().method() !== 'PUT' || refused > 0) return route.fallback();
    refused++;
    return route.fulfill({ status: 500, json: { statusCode: 500, message: 'Internal Server Error' } });
  });
  const next = page.getByRole('button', { name: 'Siguiente' });
  await next.scrollIntoViewIfNeeded();
  await next.click();
  const failure = page.locator(NOTIFICATION).filter({ hasText: 'Ocurrió un error al almacenar los datos' });
  // On the screen, scrolled down as the page is: not at the page's top, out of sight.
  await expect(failure).toBeInViewport();
  await expect(failure.getByRole('button', { name: 'Cerrar aviso' })).toBeVisible();
  await expect(page.locator(NOTIFICATION).getByRole('button', { name: 'Close' })).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/save-outage/refused-at-foot-360.png' });
  // Tried again, saved: the next tab opens, and the failure's notice goes with the success's.
  await next.click();
  await expect(page.getByRole('heading', { name: 'Empleo', level: 2 })).toBeVisible();
  await expect(page.locator(NOTIFICATION).filter({ hasText: 'Datos almacenados correctamente' }).last()).toBeVisible();
  await expect(failure).toHaveCount(0);
  expect(refused).toBe(1);
});

test('a notification closes from its Spanish-named cross, with the keyboard', async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf', { last_index: 1 });
  await page.goto(`/pf/${uuid}`);
  await page.route(new RegExp(`/api/wizardpf/${uuid}$`), (route) =>
    route.request().method() === 'PUT' ? route.fulfill({ status: 500, json: { statusCode: 500, message: 'Internal Server Error' } }) : route.fallback(),
  );
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const failure = page.locator(NOTIFICATION).filter({ hasText: 'Ocurrió un error al almacenar los datos' });
  await expect(failure).toBeVisible();
  await failure.getByRole('button', { name: 'Cerrar aviso' }).focus();
  await page.keyboard.press('Enter');
  await expect(failure).toHaveCount(0);
});

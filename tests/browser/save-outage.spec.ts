// A save during an outage, in the browser: the server answers 503 (its database out of reach,
// tests/api/faults-database-outage.test.ts proves it does) or nothing answers at all. The wizard
// says so in Spanish, keeps what the person typed, and offers 'Reintentar', which saves once the
// server answers again. The outage is the save call intercepted; the keys that meet it are the
// keyboard's alone, on a desktop and at 360 px.
import { expect, test, type Page, type Route } from '@playwright/test';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { fillPersonGeneralData, NOTIFICATION, openStep } from './support/wizard-steps';

const UNAVAILABLE = 'El servicio no está disponible por el momento, intenta de nuevo en unos segundos.';
const KEPT = 'Tus datos siguen en esta pantalla; no se perdió nada de lo que escribiste.';

/** Tab (forward) until `name`'s button has the focus, then Enter. */
async function pressButton(page: Page, name: string) {
  const button = page.getByRole('button', { name, exact: true });
  for (let i = 0; i < 60 && !(await button.evaluate((element) => element === document.activeElement)); i++) await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  await page.keyboard.press('Enter');
}

/** What the person typed in 'Datos generales' is still in its fields. */
async function expectTypedDataKept(page: Page) {
  await expect(page.getByLabel('Nombre(s)')).toHaveValue('CARLOS');
  await expect(page.getByLabel('CURP')).toHaveValue('GARC850314HJCRRL09');
  await expect(page.getByLabel('Correo electrónico')).toHaveValue('carlos@example.com');
  await expect(page.getByLabel('Nombre completo del cónyuge')).toHaveValue('ANA LÓPEZ');
  await expect(page.getByRole('button', { name: /Datos generales/ }).first()).toHaveAttribute('aria-current', 'step');
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

    await page.goto('/pf');
    // 'Antes de comenzar' opens with its answer focused.
    await expect(page.getByRole('button', { name: 'Aceptar' })).toBeFocused();
    await page.keyboard.press('Enter');
    await fillPersonGeneralData(page);

    // Nothing answers: the dialog says so, with 'Reintentar' focused.
    await pressButton(page, 'Siguiente');
    const dialog = page.getByRole('dialog', { name: 'No se guardaron los cambios' });
    await expect(dialog).toContainText('No fue posible comunicarse con el servidor. Revisa tu conexión e intenta de nuevo.');
    await expect(dialog).toContainText(KEPT);
    await expect(dialog.getByRole('button', { name: 'Reintentar' })).toBeFocused();
    await expectTypedDataKept(page);
    await expectAccessible(page);
    await expectNoHorizontalScroll(page);
    // Closed with Escape: back on the form, nothing lost, no error under any field.
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
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

// The date field in the real PF wizard (issue 16): Tab passes it without opening the calendar, the
// calendar opens with Alt+↓ or its button and speaks Spanish, a picked day fills the field, and an
// impossible date stays as typed with '¡Fecha inválida!' under it while the wizard refuses to go on.
// Screenshots of the open calendar in test-results/date-field/.
import { expect, test, type Page } from '@playwright/test';
import { createApplication, publicBearer } from './support/api';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';

const calendar = (page: Page) => page.getByRole('dialog', { name: 'Calendario' });

/** Every accessible name and visible text of the open calendar, for the English check. */
const calendarTexts = (page: Page) =>
  calendar(page).evaluate((dialog) => [
    ...[...dialog.querySelectorAll('[aria-label]')].map((element) => element.getAttribute('aria-label') ?? ''),
    ...[...dialog.querySelectorAll('[title]')].map((element) => element.getAttribute('title') ?? ''),
    ...[...dialog.querySelectorAll('title, desc')].map((element) => element.textContent ?? ''),
    ...[...dialog.querySelectorAll('option, th, [aria-live], [role="presentation"]')].map((element) => element.textContent ?? ''),
  ]);

test('the birth date: one Tab stop and its button, a Spanish calendar on request, a picked day, and an impossible date kept as typed', async ({ page }) => {
  // Many steps, with axe twice, on a shared machine.
  test.setTimeout(60_000);
  await page.goto('/pf');
  await page.getByRole('button', { name: 'Aceptar' }).click();
  const birthDate = page.getByRole('textbox', { name: 'Fecha de nacimiento' });
  const opener = page.getByRole('button', { name: 'Abrir calendario' });

  // Tab: the text, its button, then the next field; the calendar never opens on its own.
  await page.getByLabel('Sexo').focus();
  await page.keyboard.press('Tab');
  await expect(birthDate).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(opener).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Correo electrónico')).toBeFocused();
  await expect(calendar(page)).toHaveCount(0);

  // Alt+↓ opens it, empty, on this month of the year the youngest adult was born (18 years ago, not
  // today's, where no applicant was born), the focus on a day; every name in it is Spanish.
  await birthDate.focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect(calendar(page)).toBeVisible();
  await expect(opener).toHaveAttribute('aria-expanded', 'true');
  await expect(calendar(page).locator('button[name="day"]:focus')).toHaveCount(1);
  await expect(calendar(page).getByRole('combobox', { name: 'Mes' })).toBeVisible();
  await expect(calendar(page).getByRole('combobox', { name: 'Año' })).toHaveValue(String(new Date().getFullYear() - 18));
  await expect(calendar(page).getByRole('button', { name: 'Mes anterior' })).toBeVisible();
  await expect(calendar(page).getByRole('button', { name: 'Mes siguiente' })).toBeVisible();
  await expect(calendar(page).getByRole('columnheader', { name: 'lunes' })).toBeVisible();
  const texts = await calendarTexts(page);
  expect(texts).toContain('enero');
  expect(texts.filter((text) => /month|year|previous|next|date|picker|week|go to|january|monday|\bmo\b|\bsu\b/i.test(text))).toEqual([]);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/date-field/calendar-1280.png' });

  // A day picked: the field shows it, the calendar closes and the focus is back in the text.
  await calendar(page).getByRole('combobox', { name: 'Año' }).selectOption('1985');
  await calendar(page).getByRole('combobox', { name: 'Mes' }).selectOption({ label: 'marzo' });
  await expect(calendar(page).getByRole('grid', { name: 'marzo 1985' })).toBeVisible();
  await calendar(page).getByRole('gridcell', { name: '14', exact: true }).click();
  await expect(calendar(page)).toHaveCount(0);
  await expect(birthDate).toHaveValue('14/03/1985');
  await expect(birthDate).toBeFocused();

  // At 360 px the calendar fits the screen; Escape closes it and gives the focus back.
  await page.setViewportSize({ width: 360, height: 740 });
  await opener.click();
  await expect(calendar(page)).toBeVisible();
  await expect(calendar(page).getByRole('gridcell', { selected: true })).toBeFocused();
  const box = await calendar(page).boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= 360).toBe(true);
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/date-field/calendar-360.png' });
  await page.keyboard.press('Escape');
  await expect(calendar(page)).toHaveCount(0);
  await expect(birthDate).toBeFocused();
  await page.setViewportSize({ width: 1280, height: 720 });

  // An impossible date typed stays as typed, with the schema's message under the field; the wizard stays.
  await birthDate.fill('');
  await birthDate.pressSequentially('31021990');
  await expect(birthDate).toHaveValue('31/02/1990');
  await page.keyboard.press('Tab');
  await expect(page.locator('#campo-fisica-fecha_nacimiento-ayuda')).toHaveText('¡Fecha inválida!');
  await expect(birthDate).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('button', { name: /Datos generales/ })).toHaveAttribute('aria-current', 'step');
  await expect(birthDate).toHaveValue('31/02/1990');
  await expect(page.locator('#campo-fisica-fecha_nacimiento-ayuda')).toHaveText('¡Fecha inválida!');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/date-field/invalid-1280.png' });
});

test('an impossible date left on a later tab is refused by the server: the stored date stays, and the person is taken back to it as typed', async ({ page, request }) => {
  const bearer = await publicBearer(request);
  const uuid = await createApplication(request, 'pf', { last_index: 3 }, {}, bearer);
  const storedDate = async () => {
    const response = await request.get(`/api/wizardpf/${uuid}/1`, { headers: { authorization: bearer } });
    return ((await response.json()) as { data: { empleo: { empresa_fecha_ingreso: string } } }).data.empleo.empresa_fecha_ingreso;
  };
  expect(await storedDate()).toBe('2015-01-05');

  await page.goto(`/pf/${uuid}`);
  const step = (name: RegExp) => page.getByRole('button', { name });
  await step(/Empleo/).click();
  await expect(step(/Empleo/)).toHaveAttribute('aria-current', 'step');
  const hired = page.getByRole('textbox', { name: 'Fecha de ingreso' });
  await expect(hired).toHaveValue('05/01/2015');
  await hired.fill('');
  await hired.pressSequentially('31/02/2015');
  // Back saves nothing; forward from 'Vivienda' sends the whole model, and the server refuses the date.
  await page.getByRole('button', { name: 'Anterior' }).click();
  await expect(step(/Vivienda/)).toHaveAttribute('aria-current', 'step');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(step(/Empleo/)).toHaveAttribute('aria-current', 'step');
  await expect(hired).toHaveValue('31/02/2015');
  await expect(page.getByText('¡Fecha inválida!').first()).toBeVisible();
  // The server's refusal names the field by its label, in the one summary of what to correct.
  await expect(page.getByRole('region', { name: 'Revisa 1 campo' })).toContainText('Fecha de ingreso: ¡Fecha inválida!');
  await expect(page.getByRole('textbox', { name: 'Fecha de ingreso' })).toBeFocused();
  expect(await storedDate()).toBe('2015-01-05');
  await page.screenshot({ path: 'test-results/date-field/refused-save.png' });

  // Mended, it is saved.
  await hired.fill('');
  await hired.pressSequentially('06012015');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(step(/Activos y pasivos/)).toHaveAttribute('aria-current', 'step');
  expect(await storedDate()).toBe('2015-01-06');
});

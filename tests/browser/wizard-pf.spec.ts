// A public applicant fills the natural-person wizard tab by tab against the real server.
import { expect, test } from '@playwright/test';
import { createApplication } from './support/api';
import { expectAccessible } from './support/axe';
import { address, fillAssets, fillEmployment, fillPersonalReferences, fillPersonGeneralData, next, NOTIFICATION } from './support/wizard-steps';

test('a public applicant fills the PF wizard, refreshes mid-way, resumes and finishes', async ({ page }) => {
  // The whole wizard in one test: about 25 s on a quiet machine, 60 s or more on a loaded one, so it gets 90 s.
  test.setTimeout(90_000);
  await page.goto('/pf');
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page.getByRole('button', { name: /Datos generales/ })).toHaveAttribute('aria-current', 'step');
  await expectAccessible(page);

  // Required fields say so at once when the person tries to go on.
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText('¡Este campo es requerido!').first()).toBeVisible();
  await page.getByLabel('RFC con homoclave').fill('GARC850315AB1');
  await page.getByLabel('Fecha de nacimiento').fill('14/03/1985');
  await page.getByLabel('Fecha de nacimiento').press('Tab');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  // Under the field (read with it) and in the summary at the top.
  await expect(page.getByLabel('RFC con homoclave')).toHaveAccessibleDescription('¡El RFC no corresponde con la fecha de nacimiento o es incorrecto. Favor de verificarlo.!');
  await expect(page.getByRole('region', { name: /^Revisa/ })).toContainText('RFC con homoclave: ¡El RFC no corresponde');
  await page.getByLabel('CURP').fill('GARC85');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByLabel('CURP')).toHaveAccessibleDescription('¡El CURP debe tener 18 caracteres!');

  await fillPersonGeneralData(page);
  await next(page, 'Vivienda');
  await expect(page).toHaveURL(/\/pf\/[0-9a-f-]{36}$/);

  await page.getByLabel('Tipo de vivienda').selectOption('Rentada');
  await expect(page.getByLabel('Valor aproximado')).toHaveCount(0);
  await page.getByLabel('Renta mensual').fill('12500');
  await page.getByLabel('Años de residencia').selectOption('6 - 10');
  await page.getByLabel('Teléfono de casa').fill('3336161616');
  await address(page, 'vivienda.domicilio', '44160', 'Americana');
  await next(page, 'Empleo');

  // A refresh resumes the same record at the same tab with the data intact.
  await page.reload();
  await expect(page.getByRole('button', { name: /Empleo/ })).toHaveAttribute('aria-current', 'step');
  await page.getByRole('button', { name: /Vivienda/ }).click();
  await expect(page.getByLabel('Renta mensual')).toHaveValue('12,500.00');
  await expect(page.locator('select[name="vivienda.colonia"]')).toHaveValue('Americana');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('button', { name: /Empleo/ })).toHaveAttribute('aria-current', 'step');

  await fillEmployment(page);
  await next(page, 'Activos y pasivos');
  await fillAssets(page);
  await next(page, 'Referencias personales');
  await fillPersonalReferences(page);
  await next(page, 'Leyenda de veracidad');
  await expect(page.getByText('Declaro, bajo protesta de decir verdad')).toBeVisible();
  // Checked once the one-second notifications have faded (axe measures a fading toast's contrast).
  await expect(page.locator(NOTIFICATION)).toHaveCount(0);
  await expectAccessible(page);

  const uuid = page.url().split('/').at(-1)!;
  // Finishing asks for 'Acepto' under the statement first.
  await page.getByRole('button', { name: 'Finalizar' }).click();
  const acepto = page.getByRole('checkbox', { name: 'Acepto la declaración de veracidad' });
  await expect(acepto).toBeFocused();
  await expect(page.getByText('Para finalizar, marca «Acepto» bajo la declaración de veracidad.')).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Space');
  await expect(acepto).toBeChecked();
  await expect(page.getByText('Para finalizar, marca «Acepto»')).toHaveCount(0);
  await page.getByRole('button', { name: 'Finalizar' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(/éxitosamente/);
  // The finish message offers the packet, opened in a new window that prints itself (print.spec.ts).
  const print = dialog.getByRole('button', { name: 'Imprimir documentos' });
  await expect(print).toHaveAttribute('href', `/printPF/${uuid}`);
  await expect(print).toHaveAttribute('target', '_blank');
  // And beside it the e.firma signature (signing itself: efirma-sign.spec.ts). Its dialog opens on top,
  // Escape closes only it, and the focus is back on the button that opened it.
  const finish = page.getByRole('dialog', { name: 'Solicitud completa' });
  const sign = finish.getByRole('button', { name: 'Firmar con e.firma' });
  await sign.click();
  const signDialog = page.getByRole('dialog', { name: 'Firmar con e.firma' });
  await expect(signDialog.getByRole('button', { name: 'Elegir archivo .cer' })).toBeFocused();
  // On top: a pointer would reach its buttons, not the finish message's backdrop (a trial click checks that and clicks nothing).
  await signDialog.getByRole('button', { name: 'Cancelar' }).click({ trial: true });
  await expectAccessible(page);
  await page.keyboard.press('Escape');
  await expect(signDialog).toHaveCount(0);
  await expect(finish).toBeVisible();
  await expect(sign).toBeFocused();
  // On a phone the three answers wrap onto rows, each label whole inside its button, inside the dialog.
  await page.setViewportSize({ width: 360, height: 740 });
  const box = (await finish.boundingBox())!;
  for (const answer of await finish.locator('.bp6-dialog-footer-actions > *').all()) {
    expect(await answer.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
    const own = (await answer.boundingBox())!;
    expect(own.x).toBeGreaterThanOrEqual(box.x);
    expect(own.x + own.width).toBeLessThanOrEqual(box.x + box.width);
  }
  await page.screenshot({ path: 'test-results/solicitud-completa-360.png' });
  await dialog.getByRole('button', { name: 'Aceptar' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/$/);
  // The button went with its page: the focus is on the home page's title, not nowhere.
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud online' })).toBeFocused();
});

test("opening a random uuid says 'Código incorrecto' and starts blank", async ({ page }) => {
  await page.goto('/pf/0b8a6f52-1c1e-4c55-9a57-3f1a2c9d1e10');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Código incorrecto');
  await expect(dialog).toContainText('Lo sentimos la solicitud es incorrecta, por favor comience el registro nuevamente.');
  await dialog.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/pf$/);
  await expect(page.getByLabel('Nombre(s)')).toHaveValue('');
});

test('a field the editable level locks is never flagged as required: the person goes on without it', async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf', { last_index: 2 });
  // The main system locked the identity (general_fields) and left the CURP blank: the stored record as
  // the API tests store it, its answers here as the server gives them for such a record.
  const locked = (body: { data: { fisica: Record<string, unknown> }; meta: Record<string, unknown> }) => {
    body.data.fisica.curp = '';
    body.meta.editable = 'general_fields';
    return body;
  };
  await page.route(`**/api/wizardpf/${uuid}/*`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: locked(await response.json()) });
  });
  await page.route(`**/api/wizardpf/${uuid}`, async (route) => {
    if (route.request().method() !== 'PUT') return route.continue();
    const sent = route.request().postDataJSON();
    expect(sent.data.fisica.curp).toBe('');
    // The server keeps a locked field's stored value (tests/api/applications.test.ts).
    sent.data.fisica.curp = 'GARC850314HJCRRL09';
    const response = await route.fetch({ postData: sent });
    await route.fulfill({ response, json: locked(await response.json()) });
  });
  await page.goto(`/pf/${uuid}`);
  await page.getByRole('button', { name: /Datos generales/ }).click();
  await expect(page.getByText('Algunos datos de esta solicitud no se pueden modificar.', { exact: false })).toBeVisible();
  const curp = page.getByLabel('CURP');
  await expect(curp).toBeDisabled();
  await expect(curp).toHaveValue('');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('button', { name: /Vivienda/ })).toHaveAttribute('aria-current', 'step');
  await page.getByRole('button', { name: /Datos generales/ }).click();
  await expect(page.getByRole('button', { name: /Datos generales/ })).toHaveAttribute('aria-current', 'step');
  await expect(curp).not.toHaveAccessibleDescription(/requerido/);
  await expect(page.getByText('¡Este campo es requerido!')).toHaveCount(0);
  await expect(page.getByRole('region', { name: /^Revisa/ })).toHaveCount(0);
  await expectAccessible(page);
});

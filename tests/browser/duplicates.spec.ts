// Duplicate RFCs against the real server: staff are told when another applicant has the RFC,
// and a guarantor cannot repeat an RFC already in its application.
import { expect, test } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { createApplication, createGuarantor } from './support/api';
import { acceptFirstUse, CARLOS, fillPersonGeneralData } from './support/wizard-steps';

test('staff are told the RFC is duplicated and cannot go on with it', async ({ page, request }) => {
  await createApplication(request, 'pf');
  await page.goto(`/staff/login?next=${encodeURIComponent('/pf')}`);
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud de Persona Física' })).toBeVisible();
  await acceptFirstUse(page);

  await fillPersonGeneralData(page, CARLOS);
  await page.getByLabel('RFC con homoclave').press('Tab');
  await expect(page.getByText('El RFC se encuentra duplicado')).toBeVisible();
  await expect(page.getByLabel('RFC con homoclave')).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('button', { name: /Datos generales/ })).toHaveAttribute('aria-current', 'step');
  await expectAccessible(page);

  // Another RFC (and CURP) of the same birth date goes through.
  await page.getByLabel('CURP').fill('GARL850314HJCRRS01');
  await page.getByLabel('RFC con homoclave').fill('GARL850314XY2');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('button', { name: /Vivienda/ })).toHaveAttribute('aria-current', 'step');
});

test('a guarantor cannot repeat an RFC already registered in its application', async ({ page, request }) => {
  const parent = await createApplication(request, 'pm', { last_index: 4 });
  await createGuarantor(request, parent, 'CARLOS');
  await page.goto(`/avalpf?pm=${parent}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Aval Persona Física' })).toBeVisible();
  await fillPersonGeneralData(page, CARLOS);
  await page.getByLabel('RFC con homoclave').press('Tab');
  await expect(page.getByText('El RFC ya se encuentra registrado para esta solicitud.')).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByRole('button', { name: /Datos generales/ })).toHaveAttribute('aria-current', 'step');
});

test('a step chosen ahead while the RFC is still being checked is reached once the check passes', async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf', { last_index: 3 });
  // The duplicate check answers slowly, so the click lands while it runs.
  await page.route('**/api/persons/fbrfc', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1500));
    await route.continue();
  });
  await page.goto(`/staff/login?next=${encodeURIComponent(`/pf/${uuid}`)}`);
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('button', { name: /Activos y pasivos/ })).toHaveAttribute('aria-current', 'step');
  await page.getByRole('button', { name: /Datos generales/ }).click();
  await expect(page.getByRole('button', { name: /Datos generales/ })).toHaveAttribute('aria-current', 'step');

  await page.getByLabel('RFC con homoclave').fill('GARC850314QW7');
  // Two tabs ahead: not the next one, which a plain submit would reach.
  await page.getByRole('button', { name: /Empleo/ }).click();
  await expect(page.getByRole('button', { name: /Empleo/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('button', { name: /Datos generales/ })).not.toHaveAttribute('aria-current', 'step');
});

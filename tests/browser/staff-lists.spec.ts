// Staff open the unfinished registrations and the applicants, edit a record from each, and read
// a record's change history.
import { expect, test, type Page } from '@playwright/test';
import { expectAccessible } from './support/axe';
import { createApplication } from './support/api';

async function signIn(page: Page, next: string) {
  await page.goto(`/staff/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

test('unfinished registrations list opens the wizard of each record by its type', async ({ page, request }) => {
  const pf = await createApplication(request, 'pf', { last_index: 2 }, { nombre: 'LISTADO' });
  const pfae = await createApplication(request, 'pfae');
  await signIn(page, '/list-cache');
  await expect(page.getByRole('heading', { level: 1, name: 'Registros sin terminar' })).toBeVisible();
  for (const header of ['#', 'UUID', 'Tipo persona']) await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(pfae) })).toContainText('Física con actividad empresarial');
  await expectAccessible(page);

  await page.getByRole('link', { name: `Editar ${pf}` }).click();
  await expect(page).toHaveURL(`/pf/${pf}`);
  // Staff see the record as stored, at its furthest tab, with the staff's last tab.
  await expect(page.getByRole('button', { name: /Empleo/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByRole('button', { name: /Validaciones PLD/ })).toBeVisible();
  await page.getByRole('button', { name: /Datos generales/ }).click();
  await expect(page.getByLabel('Nombre(s)')).toHaveValue('LISTADO');

  await page.goBack();
  await page.goto('/list-cache');
  await page.getByRole('link', { name: `Editar ${pfae}` }).click();
  await expect(page).toHaveURL(`/pfae/${pfae}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud de Persona Física con actividad empresarial' })).toBeVisible();
});

test('applicants list opens a Física row on double click and with Enter', async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf', { last_index: 5, complete: true }, { nombre: 'TERMINADO' });
  await signIn(page, '/list');
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitantes' })).toBeVisible();
  for (const header of ['nombre', 'tipo_persona', 'email', 'id_persona_datos_generales', 'uuid']) {
    await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
  }
  const row = page.getByRole('row', { name: new RegExp(uuid) });
  await expect(row).toContainText('TERMINADO GARCÍA RAMÍREZ');
  await expectAccessible(page);
  await row.dblclick();
  await expect(page).toHaveURL(`/pf/${uuid}`);
  // A finished record opens at its last tab, with every tab active.
  await page.getByRole('button', { name: /Datos generales/ }).click();
  await expect(page.getByLabel('Nombre(s)')).toHaveValue('TERMINADO');

  await page.goto('/list');
  await page.getByRole('row', { name: new RegExp(uuid) }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(`/pf/${uuid}`);
});

test('the change history lists who changed which fields, before and after', async ({ page, request }) => {
  const uuid = await createApplication(request, 'pf');
  await signIn(page, `/historial/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Historial de cambios del cliente' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('Creación');
  await expect(page.getByRole('heading', { level: 2 }).first()).toContainText('Solicitante (en línea)');
  await expect(page.getByRole('cell', { name: 'fisica.curp', exact: true })).toBeVisible();
  await expectAccessible(page);
});

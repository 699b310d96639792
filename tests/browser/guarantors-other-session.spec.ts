// The uuid as a capability in the browser (issue 12): a PM shows a public session the uuids of the
// guarantors that session saved only, so a guarantor another browser saved is listed by name, type
// and state, without 'Editar', and the tab says why; it can still be removed (and registered again),
// so that an applicant who resumed on another device can finish. A record staff created opens for
// the public read-only, saying so.
import { expect, test, type Page } from '@playwright/test';
import { beforeSubmit } from '../../forms/before-submit';
import { NOTICES } from '../../forms/messages';
import { validPfModel } from '../unit/forms/fixtures';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { createApplication, createGuarantor, pageBearer, publicBearer, staffBearer } from './support/api';

const guarantorRow = (page: Page, name: string) => page.getByRole('row').filter({ hasText: name });

async function openAvales(page: Page, uuid: string) {
  await page.goto(`/pm/${uuid}`);
  await expect(page.getByRole('button', { name: /Avales/ })).toHaveAttribute('aria-current', 'step');
}

test('a guarantor another browser saved is listed without Editar, saying why, and can be removed', async ({ page, request }) => {
  const own = await pageBearer(page);
  const uuid = await createApplication(request, 'pm', { last_index: 4 }, {}, own);
  await createGuarantor(request, uuid, 'SOFÍA', true, own);
  // Another browser holding the PM's code adds a guarantor of its own.
  await createGuarantor(request, uuid, 'ERNESTO', false, await publicBearer(request));

  await page.setViewportSize({ width: 1280, height: 900 });
  await openAvales(page, uuid);
  const mine = guarantorRow(page, 'SOFÍA GARCÍA RAMÍREZ');
  const theirs = guarantorRow(page, 'ERNESTO GARCÍA RAMÍREZ');
  await expect(mine).toContainText('Completo');
  await expect(mine.getByRole('link', { name: 'Editar SOFÍA GARCÍA RAMÍREZ' })).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Eliminar SOFÍA GARCÍA RAMÍREZ' })).toBeVisible();

  await expect(theirs).toContainText('Física');
  await expect(theirs).toContainText('Incompleto');
  await expect(theirs).toContainText(NOTICES.guarantorFromElsewhere);
  await expect(theirs.getByRole('link')).toHaveCount(0);
  await expect(theirs.getByRole('button')).toHaveText(['Eliminar']);
  await expect(page.getByText(NOTICES.guarantorsFromElsewhere)).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/avales-otra-sesion-1280.png', fullPage: true });

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(page.getByText(NOTICES.guarantorsFromElsewhere)).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/avales-otra-sesion-360.png', fullPage: true });

  // Removing its own guarantor still works, and the other stays listed.
  await mine.getByRole('button', { name: 'Eliminar SOFÍA GARCÍA RAMÍREZ' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sí, eliminar' }).click();
  await expect(mine).toHaveCount(0);
  await expect(theirs).toContainText(NOTICES.guarantorFromElsewhere);

  // The other browser's, with the keyboard alone: it goes, and nothing is left to complete.
  await theirs.getByRole('button', { name: 'Eliminar ERNESTO GARCÍA RAMÍREZ' }).focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('ERNESTO GARCÍA RAMÍREZ');
  await dialog.getByRole('button', { name: 'Sí, eliminar' }).focus();
  await page.keyboard.press('Enter');
  await expect(theirs).toHaveCount(0);
  // The focus goes to the table its button left.
  await expect(page.getByRole('region', { name: 'Avales de la solicitud' })).toBeFocused();
  await expect(page.getByText(NOTICES.noGuarantors)).toBeVisible();
  await expect(page.getByText(NOTICES.guarantorsFromElsewhere)).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/avales-otra-sesion-eliminado-360.png', fullPage: true });
});

test('a record staff created opens for the public read-only, saying so', async ({ page, request, baseURL }) => {
  const staff = await staffBearer(request, baseURL!);
  const model = beforeSubmit(validPfModel() as unknown as Record<string, unknown>);
  const created = await request.post('/api/wizardpf', { data: { data: model, meta: { last_index: 2 } }, headers: { authorization: staff } });
  expect(created.status()).toBe(201);
  const [uuid] = await created.json();

  await page.goto(`/pf/${uuid}`);
  await expect(page.getByText(NOTICES.staffCreated)).toBeVisible();
  await page.getByRole('button', { name: /Datos generales/ }).click();
  await expect(page.getByLabel('CURP')).toBeDisabled();
  await expectAccessible(page);
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/registrada-por-personal-360.png', fullPage: true });
});

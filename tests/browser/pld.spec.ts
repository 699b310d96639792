// The staff PLD review against the real lists: a person whose name is a variant of a listed name
// is held on the tab, the review opens on leaving it, the matches selected are saved validated,
// and renaming the person checks again. A ticked match is confirmed (not a homonym) and needs its
// written reason; it stays visible in 'Validaciones PLD' and in the lists as a red tag, and finishing
// with a confirmed OFAC SDN match asks the Analista to confirm (README "PLD outcome").
import { expect, test, type Page } from '@playwright/test';
import { validPmModel } from '../unit/forms/fixtures';
import { createApplication } from './support/api';
import { expectAccessible, expectNoHorizontalScroll } from './support/axe';
import { acceptFirstUse, fillPersonGeneralData, NOTIFICATION, type Person } from './support/wizard-steps';

/** 'GUZMAN LOERA, Joaquin' is on the OFAC SDN list; the applicant writes it with accents, in lower case. */
const JOAQUIN: Person = { nombre: 'joaquín', apellidos: ['guzmán', 'loera'], curp: 'GULJ850314HJCZRQ09', rfc: 'GULJ850314AB1' };
const PLD_MESSAGE = 'Se requiere selección de coincidencias PLD';

async function signInAsStaff(page: Page, next: string) {
  await page.goto(`/staff/login?next=${encodeURIComponent(next)}`);
  await page.getByLabel('Usuario').fill('demo');
  await page.getByLabel('Contraseña').fill('demo1234');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
}

test('staff review the matches of a listed person, save and close, move on; renaming the person checks again', async ({ page }) => {
  await signInAsStaff(page, '/pf');
  await expect(page.getByRole('heading', { level: 1, name: 'Solicitud de Persona Física' })).toBeVisible();
  await acceptFirstUse(page);

  await fillPersonGeneralData(page, JOAQUIN);
  const nombre = page.getByLabel('Nombre(s)');
  // The rule's message shows under the name once the lists answer.
  await expect(page.getByText(PLD_MESSAGE)).toBeVisible();
  await expect(nombre).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'Siguiente' }).click();
  const review = page.getByRole('dialog', { name: '¡Coincidencias personas de alto riesgo!' });
  await expect(review).toBeVisible();
  const client = review.getByRole('table', { name: 'Cliente' });
  const row = client.getByRole('row').filter({ hasText: 'GUZMAN LOERA' }).first();
  await expect(row).toContainText('OFAC SDN');
  await expect(row).toContainText('Coincide con JOAQUÍN GUZMÁN LOERA');
  // A natural person's review holds the client and the linked party only: no table for parties only a company has.
  await expect(review.getByRole('table', { name: 'Personas con vínculo patrimonial', exact: true })).toContainText('No se encontraron coincidencias');
  // A table that fits the dialog is no stop of the Tab key (only one wider than its box is, to scroll it).
  await expect(review.getByRole('region', { name: 'Personas con vínculo patrimonial', exact: true })).toHaveAttribute('tabindex', '-1');
  await expect(review.getByRole('table')).toHaveCount(2);
  for (const absent of ['Representantes legales', 'Accionistas', 'Avales', 'Representantes de avales']) {
    await expect(review.getByRole('table', { name: absent, exact: true })).toHaveCount(0);
  }
  // Nothing was saved while the matches wait.
  await expect(page.getByRole('button', { name: /Datos generales/ })).toHaveAttribute('aria-current', 'step');
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/pld-review.png', fullPage: true });

  // The focus stays in the review.
  for (let i = 0; i < 6; i += 1) {
    await page.keyboard.press('Tab');
    // Blueprint's overlay holds the dialog and its focus guard.
    expect(await page.evaluate(() => document.activeElement?.closest('.bp6-dialog-container')?.querySelector('.pld-dialog') != null)).toBe(true);
  }

  // Escape closes it, the focus returns to 'Siguiente', and the person stays on the tab, still held.
  await page.keyboard.press('Escape');
  await expect(review).toBeHidden();
  await expect(page.getByRole('button', { name: 'Siguiente' })).toBeFocused();
  await expect(page.getByText(PLD_MESSAGE)).toBeVisible();
  // Opened again, a click outside does not close it; 'Cerrar' does. (The click is made after Escape:
  // a mouse click outside takes the focus out of the review, where a keyboard user's never is.)
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(review).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(review).toBeVisible();
  await review.getByRole('button', { name: 'Cerrar', exact: true }).click();
  await expect(review).toBeHidden();
  await expect(page.getByText(PLD_MESSAGE)).toBeVisible();
  await expect(page.getByRole('button', { name: /Datos generales/ })).toHaveAttribute('aria-current', 'step');

  // With the keyboard: select the match; saving without the reason of the confirmation is refused, in Spanish, on the field.
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(review).toBeVisible();
  const checkbox = review.getByRole('table', { name: 'Cliente' }).getByRole('checkbox').first();
  // Opened, the focus is on the first match's box.
  await expect(checkbox).toBeFocused();
  await page.keyboard.press('Space');
  await expect(checkbox).toBeChecked();
  await review.getByRole('button', { name: 'Guardar y cerrar' }).click();
  const reason = review.getByRole('textbox', { name: /Motivo de la confirmación/ });
  await expect(reason).toBeFocused();
  await expect(reason).toHaveAttribute('aria-invalid', 'true');
  await expect(reason).toHaveAccessibleDescription('Escribe el motivo de la confirmación.');
  await expect(review).toBeVisible();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/pld-reason-1280.png' });
  await page.keyboard.type('Misma fecha de nacimiento y nacionalidad que la entrada de la lista.');
  await review.getByRole('button', { name: 'Guardar y cerrar' }).click();
  await expect(review).toBeHidden();
  await expect(page.locator(NOTIFICATION).filter({ hasText: 'Datos almacenados correctamente' }).last()).toBeVisible();
  await expect(page.getByRole('button', { name: /Vivienda/ })).toHaveAttribute('aria-current', 'step');

  // The server keeps the review validated, with the match selected.
  const uuid = /\/pf\/([0-9a-f-]{36})/.exec(page.url())![1];
  // The staff sign-in cookie goes with the page's requests: /api/me answers a bearer token for the API.
  const token = (await (await page.request.get('/api/me')).json()).data.token;
  const stored = await page.request.get(`/api/wizardpf/${uuid}/0`, { headers: { authorization: `Bearer ${token}` } });
  const pld = (await stored.json()).data.pld_coincidences;
  expect(pld).toMatchObject({ coincidencias_validadas: true, validar_coincidencias: false, validar_coincidencias_tipo: 'client' });
  // Who confirmed it and when are the server's.
  expect(pld.users.pf[0]).toMatchObject({ lista: 'OFAC SDN', motivo: 'Misma fecha de nacimiento y nacionalidad que la entrada de la lista.', confirmada_por: 'María González Ruiz' });
  expect(pld.users.pf[0].confirmada_el).toMatch(/^\d{4}-\d\d-\d\dT/);
  expect(pld.users.pf[0].nombre).toMatch(/GUZMAN LOERA/);

  // Back on 'Datos generales', the review holds no more; renaming the person checks again.
  await page.getByRole('button', { name: /Datos generales/ }).click();
  await expect(page.getByRole('button', { name: /Datos generales/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText(PLD_MESSAGE)).toHaveCount(0);
  await nombre.fill('joaquin');
  await expect(page.getByText(PLD_MESSAGE)).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(review).toBeVisible();
  await expect(review.getByRole('table', { name: 'Cliente' })).toContainText('Coincide con JOAQUIN GUZMÁN LOERA');
});

test('the review fits a 360 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signInAsStaff(page, '/pf');
  await acceptFirstUse(page);
  // Another RFC of the same birth date: the first test's is now registered, and a duplicate would hold the tab first.
  await fillPersonGeneralData(page, { ...JOAQUIN, curp: 'GULJ850314HJCZRQ01', rfc: 'GULJ850314XY2' });
  await expect(page.getByText(PLD_MESSAGE)).toBeVisible();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const review = page.getByRole('dialog', { name: '¡Coincidencias personas de alto riesgo!' });
  await expect(review).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expect(review.getByRole('button', { name: 'Guardar y cerrar' })).toBeInViewport({ ratio: 1 }).catch(async () => {
    await review.getByRole('button', { name: 'Guardar y cerrar' }).scrollIntoViewIfNeeded();
    await expect(review.getByRole('button', { name: 'Guardar y cerrar' })).toBeInViewport();
  });
  // Each match is a card at this width: its RFC and list show without scrolling sideways.
  for (const label of ['RFC', 'Lista']) {
    const cell = review.getByRole('table', { name: 'Cliente' }).locator(`td[data-label="${label}"]`).first();
    await expect(cell).toBeVisible();
    const box = (await cell.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  }
  await page.screenshot({ path: 'test-results/pld-review-360.png', fullPage: true });
  await expectAccessible(page);
  // Ticked, the match asks for the reason of its confirmation, which fits the screen too.
  await review.locator('.pld-check').first().click();
  await review.getByRole('button', { name: 'Guardar y cerrar' }).click();
  const reason = review.getByRole('textbox', { name: /Motivo de la confirmación/ });
  await expect(reason).toBeFocused();
  await expect(review.getByText('Escribe el motivo de la confirmación.')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/pld-reason-360.png' });
  await expectAccessible(page);
});

test('staff opening a PM filled by the public: its listed representative is marked at once, reviewed on leaving, and finishing screens it all again', async ({ page, request }) => {
  // The review, the finish's confirmation, the history and the list at two widths: a long walk on a shared machine.
  test.slow();
  const pm = validPmModel();
  // 'ZAMBADA GARCIA, Ismael' is on the OFAC SDN list.
  pm.representantes[0].nombre = 'ISMAEL ZAMBADA GARCÍA';
  const uuid = await createApplication(request, 'pm', { last_index: 5 }, { representantes: pm.representantes });
  await signInAsStaff(page, `/pm/${uuid}`);

  // The furthest tab, 'Validaciones PLD', says where the review stands and which lists it searches.
  await expect(page.getByRole('button', { name: /Validaciones PLD/ })).toHaveAttribute('aria-current', 'step');
  await expect(page.getByText('Coincidencias por revisar')).toBeVisible();
  const lists = page.getByRole('region', { name: 'Listas consultadas' });
  await expect(lists.getByRole('row')).toHaveCount(5);
  await expect(lists).toContainText('OFAC SDN');
  await expect(page.getByText(/Versión \w+ de las listas, cargada el \d+ de \w+ de \d{4}\./)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: /Contactos/ }).click();
  await expect(page.getByRole('button', { name: /Contactos/ })).toHaveAttribute('aria-current', 'step');
  const representative = page.locator('input[name="representantes[0].nombre"]');
  await expect(representative).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(PLD_MESSAGE)).toHaveCount(1);

  await page.getByRole('button', { name: 'Siguiente' }).click();
  const review = page.getByRole('dialog', { name: '¡Coincidencias personas de alto riesgo!' });
  await expect(review).toBeVisible();
  const representatives = review.getByRole('table', { name: 'Representantes legales' });
  await expect(representatives.getByRole('row').filter({ hasText: 'ZAMBADA GARCIA, Ismael' }).first()).toContainText('Coincide con ISMAEL ZAMBADA GARCÍA');
  for (const empty of ['Avales', 'Representantes de avales']) {
    await expect(review.getByRole('table', { name: empty, exact: true })).toContainText('No se encontraron coincidencias');
  }
  await expectAccessible(page);
  // With the mouse this time: a click on the box.
  await representatives.locator('.pld-check').first().click();
  await expect(representatives.getByRole('checkbox').first()).toBeChecked();
  await review.getByLabel(/Motivo de la confirmación/).fill('Su pasaporte coincide con el de la entrada de la lista.');
  await review.getByRole('button', { name: 'Guardar y cerrar' }).click();
  await expect(page.getByRole('button', { name: /Accionistas mayoritarios/ })).toHaveAttribute('aria-current', 'step');

  // 'Validaciones PLD' keeps the confirmed match in sight: its red tag naming the list, the reason, who and when.
  await page.getByRole('button', { name: /Validaciones PLD/ }).click();
  await expect(page.getByText('Coincidencias revisadas')).toBeVisible();
  const confirmed = page.getByRole('region', { name: 'Coincidencias confirmadas' });
  await expect(confirmed.locator('.bp6-tag.bp6-intent-danger')).toHaveText('PLD: coincidencia confirmada (OFAC SDN)');
  await expect(confirmed).toContainText('ZAMBADA GARCIA, Ismael · coincide con ISMAEL ZAMBADA GARCÍA');
  await expect(confirmed).toContainText('Motivo de la confirmación: Su pasaporte coincide con el de la entrada de la lista.');
  await expect(confirmed).toContainText(/Confirmada por María González Ruiz el \d+ de \w+ de \d{4}, \d\d:\d\d\./);
  await expect(confirmed).toContainText(/Encontrada en la lista OFAC SDN, versión [0-9a-f]{16} de las listas\./);
  // The save's notification has faded (axe reads a fading toast's colours mid-way).
  await expect(page.locator('.bp6-toast')).toHaveCount(0);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/pld-confirmed-1280.png', fullPage: true });

  // Finishing with a confirmed OFAC SDN match asks the Analista; 'Cancelar' has the focus, so Enter finishes nothing.
  await page.getByRole('button', { name: 'Finalizar' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirmar finalización' });
  await expect(confirm).toContainText('Esta solicitud tiene una coincidencia confirmada en la lista OFAC SDN. ¿Confirmas que deseas finalizarla de todos modos?');
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/pld-finish-confirm-1280.png' });
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expect(page.getByRole('button', { name: /Validaciones PLD/ })).toHaveAttribute('aria-current', 'step');
  // Asked again, confirmed with the keyboard: Tab to 'Sí, finalizar', Enter.
  await page.getByRole('button', { name: 'Finalizar' }).click();
  await expect(confirm.getByRole('button', { name: 'Cancelar' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(confirm.getByRole('button', { name: 'Sí, finalizar' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog')).toContainText(/éxitosamente/);
  await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();

  // The finish and who confirmed it are in the change history…
  const token = (await (await page.request.get('/api/me')).json()).data.token;
  const history = await (await page.request.get(`/api/historial/${uuid}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const finished = history.entries.find((entry: { action: string }) => entry.action === 'finish');
  expect(finished.changes).toContainEqual({ path: 'pld_finalizacion.listas', before: null, after: 'OFAC SDN' });
  await page.goto(`/historial/${uuid}`);
  await expect(page.getByText('Finalización confirmada con coincidencia PLD')).toBeVisible();

  // …and the applicants list shows the red tag in the Nombre cell, at 1280 and at 360 px.
  await page.goto(`/list?q=${uuid}`);
  const tag = page.locator('.pld-confirmed-tag');
  await expect(tag).toHaveText('PLD: coincidencia confirmada (OFAC SDN)');
  await expect(tag).toHaveClass(/bp6-intent-danger/);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/pld-list-tag-1280.png' });
  await page.setViewportSize({ width: 360, height: 740 });
  await expect(tag).toBeVisible();
  await expectNoHorizontalScroll(page);
  await page.screenshot({ path: 'test-results/pld-list-tag-360.png', fullPage: true });
  await page.goto(`/pm/${uuid}`);
  await page.getByRole('button', { name: /Validaciones PLD/ }).click().catch(() => {});
  await expect(page.getByRole('region', { name: 'Coincidencias confirmadas' })).toBeVisible();
  await expect(page.getByText('Finalización confirmada por un analista')).toBeVisible();
  await expectNoHorizontalScroll(page);
  await expectAccessible(page);
  await page.screenshot({ path: 'test-results/pld-confirmed-360.png', fullPage: true });
});

test("a PM's listed shareholder is screened as a beneficial owner: marked on 'Accionistas mayoritarios', reviewed in the 'Accionistas' table on leaving", async ({ page, request }) => {
  test.slow();
  const pm = validPmModel();
  // 'GUZMAN LOERA, Joaquin' is on the OFAC SDN list.
  pm.accionistas[0] = { ...pm.accionistas[0]!, nombre: 'JOAQUÍN', apellido_paterno: 'GUZMÁN', apellido_materno: 'LOERA', rfc: 'GULJ570404AB1' };
  const uuid = await createApplication(request, 'pm', { last_index: 5 }, { accionistas: pm.accionistas });
  await signInAsStaff(page, `/pm/${uuid}`);
  await expect(page.getByRole('button', { name: /Validaciones PLD/ })).toHaveAttribute('aria-current', 'step');

  await page.getByRole('button', { name: /Accionistas mayoritarios/ }).click();
  await expect(page.getByRole('button', { name: /Accionistas mayoritarios/ })).toHaveAttribute('aria-current', 'step');
  const shareholder = page.locator('input[name="accionistas[0].nombre"]');
  await expect(shareholder).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText(PLD_MESSAGE)).toHaveCount(1);
  await expectAccessible(page);

  // Leaving the tab holds it: the review opens with the shareholder's match in its own table.
  await page.getByRole('button', { name: 'Siguiente' }).click();
  const review = page.getByRole('dialog', { name: '¡Coincidencias personas de alto riesgo!' });
  await expect(review).toBeVisible();
  const shareholders = review.getByRole('table', { name: 'Accionistas', exact: true });
  await expect(shareholders.getByRole('row').filter({ hasText: 'GUZMAN LOERA, Joaquin' }).first()).toContainText('Coincide con JOAQUÍN GUZMÁN LOERA');
  await expect(review.getByRole('table', { name: 'Representantes legales' })).toContainText('No se encontraron coincidencias');
  await expectAccessible(page);
  // Not this person: saved unticked, the step goes on to the next tab.
  await review.getByRole('button', { name: 'Guardar y cerrar' }).click();
  await expect(review).toBeHidden();
  await expect(page.getByRole('button', { name: /Accionistas mayoritarios/ })).not.toHaveAttribute('aria-current', 'step');
  await expect(shareholder).toHaveCount(0);
});
